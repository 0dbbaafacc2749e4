package io.moe.application.spend;

/** The budget counters (Redis) cannot be reached, and the caller has a limit that must be enforced. */
public class BudgetUnavailableException extends RuntimeException {

    public BudgetUnavailableException(Throwable cause) {
        super("your token limits cannot be checked right now (the counter store is unreachable); retry shortly", cause);
    }
}
