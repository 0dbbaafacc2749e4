package io.moe.domain.shared;

/** Failures in words for logs and traces, also when the exception carries no message. */
public final class Failures {

    private Failures() {
    }

    /**
     * The failure's message; for one without a message, what its type says: a fault-tolerance breaker that refused the
     * call, a timeout, or the type's simple name ("null" told an operator nothing).
     */
    public static String describe(Throwable failure) {
        if (failure == null) {
            return "no failure";
        }
        if (failure.getMessage() != null && !failure.getMessage().isBlank()) {
            return failure.getMessage();
        }
        return switch (failure.getClass().getSimpleName()) {
            case "CircuitBreakerOpenException" -> "not asked: it failed repeatedly and its circuit breaker is open for a while";
            case "TimeoutException" -> "no answer in time";
            case "BulkheadException" -> "too many calls at once";
            default -> failure.getCause() != null && failure.getCause() != failure
                    ? describe(failure.getCause()) : failure.getClass().getSimpleName();
        };
    }
}
