package io.moe.interfaces.openai;

import io.moe.application.limits.TooManyRequestsException;
import io.moe.application.pipeline.run.NoAnswerException;
import io.moe.application.pipeline.run.RequestCancelledException;
import io.moe.application.spend.BudgetExceededException;
import io.moe.application.spend.BudgetUnavailableException;
import io.moe.application.spend.NotPermittedException;
import io.moe.infrastructure.llm.InferenceException;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.ws.rs.WebApplicationException;
import org.eclipse.microprofile.faulttolerance.exceptions.BulkheadException;
import org.eclipse.microprofile.faulttolerance.exceptions.TimeoutException;

import java.util.UUID;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Classifies any failure of a /v1 request into the {@link ApiError} a client sees: its own mistakes
 * as 4xx, unreachable or slow inference servers as 502/504, saturation as 429/503, and anything else
 * as a 500 whose id is also in the log (never a stack trace in the body).
 */
final class OpenAiErrors {

    private static final Logger LOG = Logger.getLogger(OpenAiErrors.class.getName());

    private OpenAiErrors() {
    }

    static ApiError classify(Throwable failure) {
        Throwable t = unwrap(failure);
        if (t instanceof ApiError e) {
            return e;
        }
        if (t instanceof NotPermittedException e) {
            return new ApiError(403, "permission_error", "permission_denied", e.getMessage());
        }
        if (t instanceof BudgetExceededException e) {
            return new ApiError(429, "rate_limit_error", "budget_exceeded", e.getMessage());
        }
        if (t instanceof TooManyRequestsException e) {
            return new ApiError(429, "rate_limit_error", "too_many_requests", e.getMessage(), e.retryAfterSeconds());
        }
        if (t instanceof NoAnswerException e) {
            return new ApiError(502, "upstream_error", "no_answer", e.getMessage());
        }
        if (t instanceof RequestCancelledException e) {
            return new ApiError(499, "invalid_request_error", "request_cancelled", e.getMessage());
        }
        if (t instanceof BudgetUnavailableException e) {
            return new ApiError(503, "server_error", "budget_unavailable", e.getMessage());
        }
        if (t instanceof InferenceException e && e.getCause() instanceof BulkheadException) {
            return busy();
        }
        if (t instanceof InferenceException e) {
            String incident = UUID.randomUUID().toString();
            LOG.warning(() -> "Model call failed, incident " + incident + ": " + e.getMessage());
            // the detail (server address, the upstream's own error text) stays in the log
            return e.timedOut()
                    ? new ApiError(504, "upstream_error", "inference_timeout", "a model did not answer within the "
                    + "timeout of its inference server (timeout_seconds); quote incident " + incident + " to the operator")
                    : new ApiError(502, "upstream_error", "inference_unavailable", "a model could not answer: its "
                    + "inference server was unreachable or answered with an error; quote incident " + incident + " to the operator");
        }
        if (t instanceof TimeoutException) {
            return new ApiError(504, "upstream_error", "inference_timeout",
                    "the model call did not finish within the timeout of its inference server (timeout_seconds)");
        }
        if (t instanceof BulkheadException) {
            return busy();
        }
        if (t instanceof RejectedExecutionException) {
            return new ApiError(503, "server_error", "overloaded", "the server is at capacity; retry shortly");
        }
        if (t instanceof WebApplicationException e) {
            int status = e.getResponse().getStatus();
            if (status == 404) {
                return new ApiError(404, "not_found_error", "not_found",
                        "no such route on this port; the routes are listed at /openapi");
            }
            if (status == 405) {
                return new ApiError(405, "invalid_request_error", "method_not_allowed",
                        "this route does not accept that HTTP method; see /openapi");
            }
            if (status == 415) {
                return new ApiError(415, "invalid_request_error", "unsupported_media_type",
                        "send the body as application/json");
            }
            return new ApiError(status, status >= 500 ? "server_error" : "invalid_request_error",
                    "http_" + status, e.getMessage());
        }
        String incident = UUID.randomUUID().toString();
        LOG.log(Level.SEVERE, "Unexpected failure, incident " + incident, t);
        return new ApiError(500, "server_error", "internal_error",
                "the server failed to answer; quote incident " + incident + " to the operator");
    }

    private static ApiError busy() {
        return new ApiError(429, "rate_limit_error", "too_many_parallel_requests",
                "all slots of the inference server are busy and its wait queue is full; retry shortly", 2);
    }

    static JsonObject body(ApiError e) {
        return Json.createObjectBuilder().add("error", Json.createObjectBuilder()
                .add("message", e.getMessage()).add("type", e.type()).add("code", e.code())).build();
    }

    private static Throwable unwrap(Throwable t) {
        while ((t instanceof CompletionException || t instanceof ExecutionException) && t.getCause() != null) {
            t = t.getCause();
        }
        return t;
    }
}
