package io.moe.interfaces.openai;

import io.moe.domain.shared.Refusal;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A request this port refuses before it reaches the application (malformed body, unknown route, a
 * credential problem). Like every other refusal it is answered in the OpenAI error shape by
 * {@link OpenAiExceptionMapper}; the message tells the caller what to change.
 */
public class ApiError extends Refusal {

    /**
     * The field a refusal's message begins with, as every request check here writes it: {@code 'stop' must be …},
     * {@code messages[2].content is required …}, {@code thinking.type: must be …}.
     */
    private static final Pattern LEADING_FIELD = Pattern.compile(
            "^(?:'([A-Za-z_]\\w*)'|([A-Za-z_]\\w*(?:\\[\\d+]|\\.[A-Za-z_]\\w*)*)(?=:| must | is required| holds ))");

    public ApiError(Kind kind, String code, String message) {
        this(kind, code, message, 0);
    }

    /** An error the client may retry after {@code retryAfterSeconds} (sent as {@code Retry-After}; 0 = none). */
    public ApiError(Kind kind, String code, String message, int retryAfterSeconds) {
        this(kind, code, null, message, retryAfterSeconds);
    }

    private ApiError(Kind kind, String code, String field, String message, int retryAfterSeconds) {
        super(kind, code, field, message, retryAfterSeconds, null);
    }

    /** A 400 whose {@code param} is the field its message begins with (none when it begins with no field). */
    public static ApiError invalidRequest(String code, String message) {
        return new ApiError(Kind.INVALID, code, fieldNamedFirst(message), message, 0);
    }

    static String fieldNamedFirst(String message) {
        Matcher field = LEADING_FIELD.matcher(message == null ? "" : message);
        return field.find() ? (field.group(1) != null ? field.group(1) : field.group(2)) : null;
    }
}
