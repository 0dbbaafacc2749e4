package io.moe.domain.shared;

/**
 * The one error core: a refused operation, said as what kind of refusal it is, a stable code, the field
 * at fault (or null), a message a person can act on, and when a retry may help. Each area throws its
 * own subclass; it carries no HTTP. Each edge maps a refusal to its wire shape in one place (OpenAI
 * errors, problem+json, the tool server's errors, the messages API), with the status of its
 * {@link Kind} from {@code io.moe.infrastructure.web.RefusalStatus}.
 */
public abstract class Refusal extends RuntimeException {

    /** What kind of refusal, independent of any protocol. */
    public enum Kind {
        /** The input is malformed, out of range or missing. */
        INVALID,
        /** No or unknown credentials. */
        UNAUTHENTICATED,
        /** Known caller, not allowed. */
        FORBIDDEN,
        NOT_FOUND,
        /** The operation (method) does not exist for this resource. */
        NOT_ALLOWED,
        /** The request is in a media type that is not accepted. */
        UNSUPPORTED_MEDIA,
        /** The client accepts none of the media types the route answers in ({@code Accept}). */
        NOT_ACCEPTABLE,
        /** The operation clashes with the current state (duplicate name, in use, disabled). */
        CONFLICT,
        /** The input is larger than a limit. */
        TOO_LARGE,
        /** Well-formed input whose result cannot be produced within the limits (too big, no solution, timeout). */
        UNPROCESSABLE,
        /** A rate, budget or concurrency limit of the caller is reached. */
        TOO_MANY,
        /** The client went away before the answer. */
        CANCELLED,
        /** An upstream (inference server, law source) failed or gave nothing usable. */
        UPSTREAM_FAILED,
        /** An upstream did not answer in time. */
        UPSTREAM_TIMEOUT,
        /** This service cannot take the request right now (a store is down, at capacity). */
        UNAVAILABLE,
        /** Storage for the result is exhausted. */
        STORAGE_FULL,
        /** An unexpected failure of this service. */
        FAILED
    }

    private final Kind kind;
    private final String code;
    private final String field;
    private final int retryAfterSeconds;

    protected Refusal(Kind kind, String code, String field, String message) {
        this(kind, code, field, message, 0, null);
    }

    protected Refusal(Kind kind, String code, String field, String message, int retryAfterSeconds, Throwable cause) {
        super(message, cause);
        this.kind = kind;
        this.code = code;
        this.field = field;
        this.retryAfterSeconds = retryAfterSeconds;
    }

    public Kind kind() {
        return kind;
    }

    public String code() {
        return code;
    }

    /** The field or argument at fault, or null. */
    public String field() {
        return field;
    }

    /** Seconds after which a retry may succeed; 0 when none is known. */
    public int retryAfterSeconds() {
        return retryAfterSeconds;
    }
}
