package io.moe.infrastructure.llm;

/**
 * An inference server could not give an answer: unreachable, timed out, or it answered with an error.
 * {@link #timedOut()} separates the 504 case from the 502 case for the HTTP edge.
 */
public class InferenceException extends RuntimeException {

    private final boolean timedOut;

    public InferenceException(String message, boolean timedOut, Throwable cause) {
        super(message, cause);
        this.timedOut = timedOut;
    }

    public boolean timedOut() {
        return timedOut;
    }
}
