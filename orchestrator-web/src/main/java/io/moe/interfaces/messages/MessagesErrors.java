package io.moe.interfaces.messages;

import io.moe.domain.shared.Jsonp;
import io.moe.domain.shared.Refusal;
import io.moe.domain.shared.Refusal.Kind;
import jakarta.json.JsonObject;

/**
 * The one mapping of refusals to the messages API's error shape,
 * {@code {"type":"error","error":{"type","message"}}}: the status stays the kind's ({@code RefusalStatus}),
 * the type is the messages API's name for that kind (a body over a size bound is 413 {@code request_too_large}, a
 * budget or concurrency refusal is 429 {@code rate_limit_error}, a saturated service {@code overloaded_error}, an upstream
 * failure {@code api_error}). A request is answered in this shape on the messages API's routes, and on GET /v1/models
 * when it carries {@code anthropic-version}, since that list is then in the messages API's shape too
 * ({@link #speaksMessages}).
 */
public final class MessagesErrors {

    private MessagesErrors() {
    }

    public static String type(Kind kind) {
        return switch (kind) {
            case UNAUTHENTICATED -> "authentication_error";
            case FORBIDDEN -> "permission_error";
            case NOT_FOUND -> "not_found_error";
            case TOO_LARGE -> "request_too_large";
            case TOO_MANY -> "rate_limit_error";
            case UNAVAILABLE -> "overloaded_error";
            case UPSTREAM_FAILED, UPSTREAM_TIMEOUT, FAILED, STORAGE_FULL -> "api_error";
            default -> "invalid_request_error";
        };
    }

    public static JsonObject body(Refusal refusal) {
        return Jsonp.createObjectBuilder().add("type", "error").add("error", Jsonp.createObjectBuilder()
                .add("type", type(refusal.kind())).add("message", refusal.getMessage())).build();
    }

    /**
     * Whether a request to {@code path} (as JAX-RS reports it, with or without the leading slash) is answered in this
     * shape: on a route of the messages API, and on the model list when the request names an {@code anthropicVersion}
     * (null: it names none) — as its answer is.
     */
    public static boolean speaksMessages(String path, String anthropicVersion) {
        String p = path.startsWith("/") ? path.substring(1) : path;
        return under(p, "v1/messages") || anthropicVersion != null && under(p, "v1/models");
    }

    private static boolean under(String path, String route) {
        return path.equals(route) || path.startsWith(route + "/");
    }
}
