package io.moe.application.feedback;

import io.moe.domain.shared.Refusal;

/** Feedback that cannot be taken: its kind, a stable code and a message a person can act on. */
public class FeedbackException extends Refusal {

    public FeedbackException(Kind kind, String code, String message) {
        super(kind, code, null, message);
    }

    /** A refusal of one field of the feedback. */
    public FeedbackException(Kind kind, String code, String field, String message) {
        super(kind, code, field, message);
    }
}
