package io.moe.infrastructure.telemetry;

import io.moe.application.tracing.Spans;
import io.opentelemetry.api.trace.SpanBuilder;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.Map;

/**
 * {@link Spans} on the OpenTelemetry tracer of Liberty's MicroProfile Telemetry feature: spans are recorded and exported
 * over OTLP only when the operator switched the SDK on ({@code OTEL_SDK_DISABLED=false} and
 * {@code OTEL_EXPORTER_OTLP_ENDPOINT}); otherwise the tracer is a no-op and a span costs next to nothing. A span
 * without a parent joins the current context (the JAX-RS request's server span), so a chat request is one trace. A
 * span {@linkplain Span#enter entered} on a thread is its current context, which Liberty's log bridge reads: a message
 * logged meanwhile is exported (when {@code OTEL_LOGS_EXPORTER} is {@code otlp}, the default) with the span's trace id.
 */
@ApplicationScoped
public class OpenTelemetrySpans implements Spans {

    @Inject
    Tracer tracer;

    @Override
    public Span start(String name, Span parent, Map<String, String> attributes) {
        SpanBuilder builder = tracer.spanBuilder(name);
        if (parent instanceof Recorded recorded) {
            builder.setParent(Context.current().with(recorded.span));
        }
        attributes.forEach(builder::setAttribute);
        return new Recorded(builder.startSpan());
    }

    private record Recorded(io.opentelemetry.api.trace.Span span) implements Span {

        @Override
        public void attribute(String key, String value) {
            span.setAttribute(key, value);
        }

        @Override
        public void attribute(String key, long value) {
            span.setAttribute(key, value);
        }

        @Override
        public void failed(Throwable error) {
            span.recordException(error);
            span.setStatus(StatusCode.ERROR, String.valueOf(error.getMessage()));
        }

        @Override
        public void end() {
            span.end();
        }

        @Override
        public Scope enter() {
            io.opentelemetry.context.Scope entered = span.makeCurrent();
            return entered::close;
        }

        @Override
        public String traceId() {
            return span.getSpanContext().isValid() ? span.getSpanContext().getTraceId() : "";
        }
    }
}
