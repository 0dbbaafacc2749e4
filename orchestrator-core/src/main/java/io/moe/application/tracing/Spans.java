package io.moe.application.tracing;

import java.util.Map;

/**
 * Port: the spans of a request's work — the pipeline run, each stage, each model, tool and search call — exported
 * (OpenTelemetry over OTLP) when the operator configured an endpoint, and nothing otherwise.
 */
public interface Spans {

    /** Spans that record nothing: tests, and code that runs outside a traced request. */
    Spans NONE = (name, parent, attributes) -> Span.NONE;

    /**
     * Starts the span {@code name} as a child of {@code parent}; with a null parent, as a child of whatever span the
     * current thread serves (the HTTP request's), or as a new trace.
     */
    Span start(String name, Span parent, Map<String, String> attributes);

    /** One started span; end it exactly once. */
    interface Span {

        Span NONE = new Span() {
        };

        default void attribute(String key, String value) {
        }

        default void attribute(String key, long value) {
        }

        /** Marks the span as failed with {@code error}. */
        default void failed(Throwable error) {
        }

        default void end() {
        }

        /**
         * Makes this span the current one of the calling thread until the scope is closed (on the same thread): what
         * the thread logs meanwhile is exported with the span's trace id.
         */
        default Scope enter() {
            return Scope.NONE;
        }

        /** The id of the trace the span belongs to (32 hex digits); empty when nothing is recorded. */
        default String traceId() {
            return "";
        }
    }

    /** A span made current on a thread; closing it restores what was current before. */
    interface Scope extends AutoCloseable {

        Scope NONE = () -> {
        };

        @Override
        void close();
    }
}
