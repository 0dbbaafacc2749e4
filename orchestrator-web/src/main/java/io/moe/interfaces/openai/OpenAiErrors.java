package io.moe.interfaces.openai;

import io.moe.domain.shared.Failures;
import io.moe.domain.shared.Jsonp;
import io.moe.domain.shared.Refusal;
import io.moe.domain.shared.Refusal.Kind;
import io.moe.infrastructure.web.RefusalStatus;
import io.moe.infrastructure.web.StoreFailures;
import io.moe.infrastructure.llm.InferenceException;
import io.moe.infrastructure.llm.ServerSlots;
import jakarta.json.JsonObject;
import jakarta.ws.rs.WebApplicationException;
import org.eclipse.microprofile.faulttolerance.exceptions.BulkheadException;
import org.eclipse.microprofile.faulttolerance.exceptions.TimeoutException;

import java.util.UUID;
import java.util.concurrent.RejectedExecutionException;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Classifies any failure of a /v1 request into the {@link Refusal} a client sees: its own mistakes
 * as 4xx, unreachable or slow inference servers as 502/504, saturation as 429/503, and anything else
 * as a 500 whose id is also in the log (never a stack trace in the body).
 */
public final class OpenAiErrors {

    private static final Logger LOG = Logger.getLogger(OpenAiErrors.class.getName());

    private OpenAiErrors() {
    }

    /** The refusal a client sees for {@code failure}: refusals as they are, known infrastructure failures classified, anything else a 500. */
    public static Refusal classify(Throwable failure) {
        Throwable t = Failures.unwrapped(failure);
        if (t instanceof Refusal r) {
            return r;
        }
        if (t instanceof InferenceException e && e.getCause() instanceof BulkheadException && !e.timedOut()) {
            return busy(); // a wait for a slot that ran out is a timeout (below), not a full queue
        }
        if (t instanceof InferenceException e) {
            String incident = UUID.randomUUID().toString();
            LOG.warning(() -> "Model call failed, incident " + incident + ": " + e.getMessage());
            // the detail (server address, the upstream's own error text) stays in the log
            if (e.circuitOpen()) {
                return new ApiError(Kind.UNAVAILABLE, "inference_unavailable", "the model's inference server failed repeatedly "
                        + "and is left alone for a few seconds; retry shortly", 5);
            }
            if (refusedTheRequest(e.upstreamStatus())) {
                return new ApiError(Kind.INVALID, UPSTREAM_REFUSED, "a model refused this request (its inference server answered "
                        + "HTTP " + e.upstreamStatus() + "): most often the conversation is longer than the model's context, or an "
                        + "attachment is not a valid image; shorten it or check the attachments (asking again unchanged fails "
                        + "again; incident " + incident + ")");
            }
            return e.timedOut()
                    ? new ApiError(Kind.UPSTREAM_TIMEOUT, "inference_timeout", "a model did not answer within the "
                    + "timeout of its inference server (timeout_seconds); quote incident " + incident + " to the operator")
                    : new ApiError(Kind.UPSTREAM_FAILED, "inference_unavailable", "a model could not answer: its "
                    + "inference server was unreachable or answered with an error; quote incident " + incident + " to the operator");
        }
        if (t instanceof TimeoutException) {
            return new ApiError(Kind.UPSTREAM_TIMEOUT, "inference_timeout",
                    "the model call did not finish within the timeout of its inference server (timeout_seconds)");
        }
        if (t instanceof ServerSlots.SlotWaitTimeout) {
            return new ApiError(Kind.UPSTREAM_TIMEOUT, "inference_timeout", "no slot of the model's inference server came free "
                    + "within its timeout (timeout_seconds); retry later");
        }
        if (t instanceof BulkheadException) {
            return busy();
        }
        if (t instanceof RejectedExecutionException) {
            return new ApiError(Kind.UNAVAILABLE, "overloaded", "the server is at capacity; retry shortly");
        }
        if (t instanceof WebApplicationException e) {
            return switch (RefusalStatus.kindOf(e.getResponse().getStatus())) {
                case NOT_FOUND -> new ApiError(Kind.NOT_FOUND, "not_found", "no such route on this port; the routes are listed at /openapi");
                case NOT_ALLOWED -> new ApiError(Kind.NOT_ALLOWED, "method_not_allowed",
                        RefusalStatus.notAllowed(e.getResponse().getAllowedMethods(), "see /openapi"));
                case UNSUPPORTED_MEDIA -> new ApiError(Kind.UNSUPPORTED_MEDIA, "unsupported_media_type", "send the body as application/json");
                case NOT_ACCEPTABLE -> new ApiError(Kind.NOT_ACCEPTABLE, "not_acceptable", "this route does not answer in a type the "
                        + "Accept header allows: accept application/json (a stream: text/event-stream), or */*");
                default -> new ApiError(RefusalStatus.kindOf(e.getResponse().getStatus()), "http_" + e.getResponse().getStatus(), e.getMessage());
            };
        }
        if (StoreFailures.databaseUnreachable(t)) {
            String incident = UUID.randomUUID().toString();
            LOG.warning(() -> "PostgreSQL did not answer, incident " + incident + ": " + t);
            return new ApiError(Kind.UNAVAILABLE, "database_unavailable", "the database did not answer (known keys and"
                    + " templates are still served from memory; this request needed it); retry shortly or quote incident "
                    + incident + " to the operator");
        }
        if (StoreFailures.countersUnreachable(t)) {
            LOG.fine(() -> "Redis did not answer: " + t);
            return new ApiError(Kind.UNAVAILABLE, "cache_unavailable", "the counter store (Redis) cannot be reached; retry shortly", 5);
        }
        if (StoreFailures.graphUnreachable(t)) {
            LOG.fine(() -> "The knowledge graph did not answer: " + t);
            return new ApiError(Kind.UNAVAILABLE, "graph_unavailable", StoreFailures.GRAPH_UNAVAILABLE, 2);
        }
        if (StoreFailures.breakerOpen(t)) {
            return new ApiError(Kind.UNAVAILABLE, "service_unavailable", StoreFailures.BREAKER_OPEN, 5);
        }
        String incident = UUID.randomUUID().toString();
        LOG.log(Level.SEVERE, "Unexpected failure, incident " + incident, t);
        return new ApiError(Kind.FAILED, "internal_error",
                "the server failed to answer; quote incident " + incident + " to the operator");
    }

    /** The code of a request a model's server refused as such ({@link #refusedTheRequest}): not to be asked again unchanged. */
    static final String UPSTREAM_REFUSED = "upstream_refused";

    /**
     * Whether the server's answer {@code status} refuses the request itself (400, 413 too large, 422 unprocessable: too
     * long for the context, malformed); not 401/403/404 (the operator's token or model name is wrong: an outage for the
     * client) nor 408/429 (timing).
     */
    static boolean refusedTheRequest(int status) {
        return status == 400 || status == 413 || status == 422;
    }

    /** The OpenAI error {@code type} of each kind of refusal. */
    static String type(Kind kind) {
        return switch (kind) {
            case UNAUTHENTICATED -> "authentication_error";
            case FORBIDDEN -> "permission_error";
            case NOT_FOUND -> "not_found_error";
            case TOO_MANY -> "rate_limit_error";
            case UPSTREAM_FAILED, UPSTREAM_TIMEOUT -> "upstream_error";
            case FAILED, UNAVAILABLE, STORAGE_FULL -> "server_error";
            default -> "invalid_request_error";
        };
    }

    private static ApiError busy() {
        return new ApiError(Kind.TOO_MANY, "too_many_parallel_requests",
                "all slots of the inference server are busy and its wait queue is full; retry shortly", 2);
    }

    static JsonObject body(Refusal e) {
        var error = Jsonp.createObjectBuilder().add("message", e.getMessage()).add("type", type(e.kind()));
        if (e.field() == null) {
            error.addNull("param");
        } else {
            error.add("param", e.field());
        }
        return Jsonp.createObjectBuilder().add("error", error.add("code", e.code())).build();
    }
}
