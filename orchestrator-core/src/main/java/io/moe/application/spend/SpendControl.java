package io.moe.application.spend;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Clock;

/**
 * What a user has spent of their token budgets now, on the shared counters ({@link BudgetCounters}): daily (reset
 * 00:00 UTC), monthly (reset on the 1st, UTC) and total. Requests reserve and settle their tokens through
 * {@link Admission}.
 */
@ApplicationScoped
public class SpendControl {

    @Inject
    BudgetCounters counters;

    Clock clock = Clock.systemUTC();

    /** The user's current counters: daily, monthly, total. */
    public long[] used(String userId) {
        return counters.used(userId, clock.instant());
    }
}
