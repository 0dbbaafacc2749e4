package io.moe.interfaces.openai;

import io.moe.domain.shared.Refusal;

/**
 * A request this port refuses before it reaches the application (malformed body, unknown route, a
 * credential problem). Like every other refusal it is answered in the OpenAI error shape by
 * {@link OpenAiExceptionMapper}; the message tells the caller what to change.
 */
public class ApiError extends Refusal {

    public ApiError(Kind kind, String code, String message) {
        this(kind, code, message, 0);
    }

    /** An error the client may retry after {@code retryAfterSeconds} (sent as {@code Retry-After}; 0 = none). */
    public ApiError(Kind kind, String code, String message, int retryAfterSeconds) {
        super(kind, code, null, message, retryAfterSeconds, null);
    }

    public static ApiError invalidRequest(String code, String message) {
        return new ApiError(Kind.INVALID, code, message);
    }
}
