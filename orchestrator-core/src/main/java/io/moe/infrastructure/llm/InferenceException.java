package io.moe.infrastructure.llm;

/**
 * An inference server could not give an answer: unreachable, timed out, or it answered with an error.
 * {@link #timedOut()} separates the 504 case from the 502 case for the HTTP edge.
 */
public class InferenceException extends RuntimeException {

    private final boolean timedOut;
    private final int upstreamStatus;
    private final long retryAfterSeconds;
    private final boolean circuitOpen;

    public InferenceException(String message, boolean timedOut, Throwable cause) {
        this(message, timedOut, cause, 0);
    }

    /** A failure the server answered with HTTP {@code upstreamStatus} (0: it did not answer at all). */
    public InferenceException(String message, boolean timedOut, Throwable cause, int upstreamStatus) {
        this(message, timedOut, cause, upstreamStatus, -1);
    }

    /** A failure with the server's {@code Retry-After} in seconds (-1: it named none). */
    public InferenceException(String message, boolean timedOut, Throwable cause, int upstreamStatus, long retryAfterSeconds) {
        this(message, timedOut, cause, upstreamStatus, retryAfterSeconds, false);
    }

    private InferenceException(String message, boolean timedOut, Throwable cause, int upstreamStatus, long retryAfterSeconds,
                               boolean circuitOpen) {
        super(message, cause);
        this.timedOut = timedOut;
        this.upstreamStatus = upstreamStatus;
        this.retryAfterSeconds = retryAfterSeconds;
        this.circuitOpen = circuitOpen;
    }

    /** No call went out: the server's circuit breaker is open (answered as 503 at the edge). */
    public static InferenceException circuitOpen(String message) {
        return new InferenceException(message, false, null, 503, -1, true);
    }

    public boolean circuitOpen() {
        return circuitOpen;
    }

    /** The seconds the server asked to wait before the next call, or -1. */
    public long retryAfterSeconds() {
        return retryAfterSeconds;
    }

    public int upstreamStatus() {
        return upstreamStatus;
    }

    /** Whether the server itself is failing (no answer, or a 5xx), as opposed to refusing this one request. */
    public boolean serverFailing() {
        return upstreamStatus == 0 || upstreamStatus >= 500;
    }

    public boolean timedOut() {
        return timedOut;
    }
}
