package io.moe.application.spend;

import java.time.Instant;

/**
 * The token counters of each user, shared by every node: one for the UTC day, one for the UTC month and
 * one for the lifetime, chosen by the instant a request started. Counters of past days and months expire
 * on their own. A request's tokens are reserved and settled by {@link AdmissionCounters}; this port reads
 * them and fails with a runtime exception when the counters cannot be reached.
 */
public interface BudgetCounters {

    /** The limit a reservation would have gone over: its type ({@code daily}, {@code monthly}, {@code total}), use and size. */
    record Refusal(String limitType, long used, long limit) {
    }

    /** The user's counters at {@code at}: daily, monthly, total (0 for a counter not yet started). */
    long[] used(String userId, Instant at);
}
