package io.moe.domain.shared;

import java.sql.SQLException;
import java.util.Objects;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.stream.Stream;

/** Failures in words for logs and traces, also when the exception carries no message. */
public final class Failures {

    private Failures() {
    }

    /**
     * The failure's message; for one without a message, what its type says: a fault-tolerance breaker that refused the
     * call, a timeout, or the type's simple name ("null" told an operator nothing). A database failure is the database
     * driver's message: the persistence provider's own wraps it in several lines of its version, the statement and the
     * query.
     */
    public static String describe(Throwable failure) {
        if (failure == null) {
            return "no failure";
        }
        SQLException database = sqlCause(failure);
        if (database != null && database != failure && database.getMessage() != null && !database.getMessage().isBlank()) {
            return database.getMessage();
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

    /** The failure and its causes, outermost first (a cause that is its own cause ends the chain). */
    public static Stream<Throwable> chain(Throwable failure) {
        return Stream.iterate(failure, Objects::nonNull, t -> t.getCause() == t ? null : t.getCause());
    }

    /** The failure an asynchronous step's {@code CompletionException} or {@code ExecutionException} wraps (several layers too). */
    public static Throwable unwrapped(Throwable failure) {
        Throwable t = failure;
        while ((t instanceof CompletionException || t instanceof ExecutionException) && t.getCause() != null) {
            t = t.getCause();
        }
        return t;
    }

    /** The innermost cause of {@code failure}: the failure itself when it has none. */
    public static Throwable root(Throwable failure) {
        return chain(failure).reduce((outer, inner) -> inner).orElseThrow();
    }

    /** The outermost SQL exception in the failure's cause chain, or null. */
    private static SQLException sqlCause(Throwable failure) {
        return chain(failure).filter(SQLException.class::isInstance).map(SQLException.class::cast).findFirst().orElse(null);
    }
}
