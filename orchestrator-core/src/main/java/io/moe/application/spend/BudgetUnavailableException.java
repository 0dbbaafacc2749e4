package io.moe.application.spend;

import io.moe.domain.shared.Refusal;

/** The budget counters (Redis) cannot be reached, and the caller has a limit that must be enforced. */
public class BudgetUnavailableException extends Refusal {

    public BudgetUnavailableException(Throwable cause) {
        super(Kind.UNAVAILABLE, "budget_unavailable", null,
                "your token limits cannot be checked right now (the counter store is unreachable); retry shortly", 0, cause);
    }
}
