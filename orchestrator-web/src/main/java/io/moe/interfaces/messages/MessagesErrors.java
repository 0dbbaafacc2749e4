package io.moe.interfaces.messages;

import io.moe.domain.shared.Jsonp;
import io.moe.domain.shared.Refusal;
import io.moe.domain.shared.Refusal.Kind;
import jakarta.json.JsonObject;

/**
 * The one mapping of refusals to the messages API's error shape,
 * {@code {"type":"error","error":{"type","message"}}}: the status stays the kind's ({@code RefusalStatus}),
 * the type is the messages API's name for that kind (a budget or concurrency refusal is 429
 * {@code rate_limit_error}, a saturated service {@code overloaded_error}, an upstream failure {@code api_error}).
 */
public final class MessagesErrors {

    private MessagesErrors() {
    }

    public static String type(Kind kind) {
        return switch (kind) {
            case UNAUTHENTICATED -> "authentication_error";
            case FORBIDDEN -> "permission_error";
            case NOT_FOUND -> "not_found_error";
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

    /** Whether {@code path} (as JAX-RS reports it, with or without the leading slash) is a route of the messages API. */
    public static boolean isMessagesRoute(String path) {
        String p = path.startsWith("/") ? path.substring(1) : path;
        return p.equals("v1/messages") || p.startsWith("v1/messages/");
    }
}
