package io.moe.application.spend;

import io.moe.domain.identity.Limits;
import io.moe.domain.identity.UsageEntry;

import java.time.Instant;

/**
 * Port: what admitting a request changes in the store every node shares, in one atomic step each way: the request's
 * place among its user's running requests (the places {@link io.moe.application.limits.InFlightRequests} renews and
 * counts) and the reservation of its tokens on the user's counters (those {@link BudgetCounters} reads). One round trip
 * admits a request and one lets it go, whatever the request is. Every method fails with a runtime exception when the
 * store cannot be reached.
 */
public interface AdmissionCounters {

    /** Why {@link #admit} took nothing: the user had {@code limit} requests running, or a token limit would be passed. */
    record Decision(boolean busy, BudgetCounters.Refusal overBudget) {

        public static final Decision ADMITTED = new Decision(false, null);
        public static final Decision BUSY = new Decision(true, null);

        public boolean admitted() {
            return !busy && overBudget == null;
        }
    }

    /**
     * Takes a place for {@code requestId} when {@code userId} has fewer than {@code concurrentLimit} requests running, and
     * adds {@code tokens} to the user's three counters at {@code at} unless one of them would then pass its limit in
     * {@code limits}; both or neither. A refusal names the first limit that would be passed.
     */
    Decision admit(String userId, String requestId, int concurrentLimit, Instant at, Limits limits, long tokens);

    /**
     * Gives the place of {@code requestId} back, adds {@code delta} (may be negative) to those of the counters at {@code at}
     * that still exist, and adds {@code row} to the {@link UsageJournal} — all in one step. False when the journal was
     * full: then only the row is not kept (and the caller records it otherwise).
     */
    boolean release(String userId, String requestId, Instant at, long delta, UsageEntry row);

    /**
     * Undoes an {@link #admit} whose answer never came back (the client's wait ran out while the store was slow, and the
     * store may still run it): when the place of {@code requestId} exists, gives it back and takes {@code tokens} off the
     * counters at {@code at}, in one step; true then. Nothing when the admission never happened or was undone already.
     */
    boolean withdraw(String userId, String requestId, Instant at, long tokens);
}
