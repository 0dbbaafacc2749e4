package io.moe.infrastructure.llm;

/**
 * An inference server could not give an answer: unreachable, timed out, or it answered with an error.
 * {@link #timedOut()} separates the 504 case from the 502 case for the HTTP edge.
 */
public class InferenceException extends RuntimeException {

    private final boolean timedOut;
    private final int upstreamStatus;

    public InferenceException(String message, boolean timedOut, Throwable cause) {
        this(message, timedOut, cause, 0);
    }

    /** A failure the server answered with HTTP {@code upstreamStatus} (0: it did not answer at all). */
    public InferenceException(String message, boolean timedOut, Throwable cause, int upstreamStatus) {
        super(message, cause);
        this.timedOut = timedOut;
        this.upstreamStatus = upstreamStatus;
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
