package io.moe.application.feedback;

/** Feedback that cannot be taken: the status to answer with and a message a person can act on. */
public class FeedbackException extends RuntimeException {

    private final int status;
    private final String code;

    public FeedbackException(int status, String code, String message) {
        super(message);
        this.status = status;
        this.code = code;
    }

    public int status() {
        return status;
    }

    public String code() {
        return code;
    }
}
