package io.moe.application.spend;

import io.moe.domain.identity.Limits;

import java.time.Instant;
import java.util.Optional;

/**
 * The token counters of each user, shared by every node: one for the UTC day, one for the UTC month and
 * one for the lifetime, chosen by the instant a request started. Counters of past days and months expire
 * on their own. Every method fails with a runtime exception when the counters cannot be reached.
 */
public interface BudgetCounters {

    /** The limit a reservation would have gone over: its type ({@code daily}, {@code monthly}, {@code total}), use and size. */
    record Refusal(String limitType, long used, long limit) {
    }

    /**
     * Adds {@code tokens} to the user's three counters at {@code at}, unless one of them would then exceed its
     * limit in {@code limits} (then nothing is added and the first such limit is returned). Check and addition
     * are one atomic step, so concurrent reservations cannot slip past a limit together.
     */
    Optional<Refusal> reserve(String userId, Instant at, Limits limits, long tokens);

    /** Adds {@code delta} (may be negative) to those of the user's counters at {@code at} that still exist. */
    void adjust(String userId, Instant at, long delta);

    /** The user's counters at {@code at}: daily, monthly, total (0 for a counter not yet started). */
    long[] used(String userId, Instant at);
}
