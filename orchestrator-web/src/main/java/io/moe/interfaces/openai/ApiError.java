package io.moe.interfaces.openai;

/**
 * A request the orchestrator refuses, answered with an OpenAI-shaped body
 * {@code {"error":{"message","type","code"}}}. The message tells the caller what to change.
 */
public class ApiError extends RuntimeException {

    private final int status;
    private final String type;
    private final String code;
    private final int retryAfterSeconds;

    public ApiError(int status, String type, String code, String message) {
        this(status, type, code, message, 0);
    }

    /** An error the client may retry after {@code retryAfterSeconds} (sent as {@code Retry-After}; 0 = none). */
    public ApiError(int status, String type, String code, String message, int retryAfterSeconds) {
        super(message);
        this.status = status;
        this.type = type;
        this.code = code;
        this.retryAfterSeconds = retryAfterSeconds;
    }

    public static ApiError invalidRequest(String code, String message) {
        return new ApiError(400, "invalid_request_error", code, message);
    }

    public int status() {
        return status;
    }

    public String type() {
        return type;
    }

    public String code() {
        return code;
    }

    public int retryAfterSeconds() {
        return retryAfterSeconds;
    }
}
