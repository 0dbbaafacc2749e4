package io.moe.application.pipeline.trace;

import io.moe.application.servers.CallRetries;
import io.moe.domain.shared.Failures;
import io.moe.infrastructure.llm.InferenceException;

import java.util.logging.Logger;
import java.util.regex.Pattern;

/**
 * How a failure is worded in a trace, which the asking user reads ({@code GET /v1/responses/{id}/trace}): what kind of
 * failure it was, never an inference server's or the search engine's address nor the text a model's server answered
 * with. Those stay in the log, under the response id.
 */
public final class TraceText {

    private static final Logger LOG = Logger.getLogger(TraceText.class.getName());
    /** A URL; a host or IP address with a port (a driver's "Unable to connect to neo4j.internal:7687"); an IPv4 address. */
    private static final Pattern ADDRESS = Pattern.compile("\\b[a-z][a-z0-9+.-]*://\\S+"
            + "|\\b[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*:\\d{2,5}\\b"
            + "|\\b\\d{1,3}(?:\\.\\d{1,3}){3}\\b", Pattern.CASE_INSENSITIVE);

    private TraceText() {
    }

    /** The failure of a model call, a search or a store call of the run {@code responseId}, as its trace says it. */
    public static String failure(String responseId, Throwable failure) {
        LOG.info(() -> "Trace of " + responseId + ": " + Failures.describe(failure));
        if (failure instanceof InferenceException e) {
            String reason = CallRetries.reason(e);
            return reason + ": " + (e.timedOut() ? "no answer within the timeout"
                    : e.circuitOpen() ? "the inference server failed repeatedly and is left alone for a while"
                    : e.upstreamStatus() == 0 ? "the inference server could not be reached"
                    : "the inference server refused the call (HTTP " + e.upstreamStatus() + ")");
        }
        return withoutAddresses(Failures.describe(failure));
    }

    static String withoutAddresses(String text) {
        return ADDRESS.matcher(text).replaceAll("<address>");
    }
}
