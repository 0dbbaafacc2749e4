package io.moe.application.limits;

import io.moe.domain.shared.Refusal;

/** The caller already has as many requests running as it may; it may retry after {@code retryAfterSeconds}. */
public class TooManyRequestsException extends Refusal {

    public TooManyRequestsException(String message, int retryAfterSeconds) {
        super(Kind.TOO_MANY, "too_many_requests", null, message, retryAfterSeconds, null);
    }
}
