package io.moe.application.spend;

import io.moe.domain.identity.Caller;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Clock;
import java.time.Instant;
import java.util.logging.Logger;

/**
 * Token budgets on shared counters ({@link BudgetCounters}): daily (reset 00:00 UTC), monthly (reset on
 * the 1st, UTC) and total. A request first reserves an estimate of its tokens with one atomic step that
 * refuses it when any counter would go over its limit; afterwards the reservation is settled to the real
 * usage. Concurrent requests therefore overspend a limit by at most one request's tokens.
 *
 * <p>Failure policy: when the counters cannot be reached, a caller without limits goes on uncounted
 * (logged), a caller with a limit is refused ({@link BudgetUnavailableException}), and a settlement that
 * cannot be written is logged and dropped.
 */
@ApplicationScoped
public class SpendControl {

    private static final Logger LOG = Logger.getLogger(SpendControl.class.getName());

    @Inject
    BudgetCounters counters;

    Clock clock = Clock.systemUTC();

    /**
     * A reservation to settle once the request's real usage is known: the counters of {@code userId} at
     * {@code at} hold {@code reserved} tokens of it. An uncounted reservation has no user.
     */
    public record Reservation(String userId, Instant at, long reserved) {

        static final Reservation UNCOUNTED = new Reservation(null, null, 0);

        boolean counted() {
            return userId != null;
        }
    }

    /**
     * Reserves {@code estimate} tokens for {@code caller}, or throws {@link BudgetExceededException}. When
     * the counters cannot be reached, a caller without limits goes on uncounted (logged), and a caller with
     * a limit is refused with {@link BudgetUnavailableException}: limits are never silently skipped.
     */
    public Reservation reserve(Caller caller, long estimate) {
        Instant at = clock.instant();
        BudgetCounters.Refusal refusal;
        try {
            refusal = counters.reserve(caller.userId(), at, caller.limits(), estimate).orElse(null);
        } catch (RuntimeException e) {
            if (caller.limits().unlimited()) {
                LOG.warning(() -> "Token counters unavailable, not counting a request of " + caller.userId() + ": " + e.getMessage());
                return Reservation.UNCOUNTED;
            }
            throw new BudgetUnavailableException(e);
        }
        if (refusal != null) {
            throw new BudgetExceededException(refusal.limitType(), refusal.used(), refusal.limit(), estimate);
        }
        return new Reservation(caller.userId(), at, estimate);
    }

    /** Corrects the counters from the reserved estimate to {@code actualTokens}. */
    public void settle(Reservation reservation, long actualTokens) {
        long delta = actualTokens - reservation.reserved();
        if (delta != 0 && reservation.counted()) {
            try {
                counters.adjust(reservation.userId(), reservation.at(), delta);
            } catch (RuntimeException e) {
                LOG.warning(() -> "Token counters unavailable, could not settle " + delta + " tokens: " + e.getMessage());
            }
        }
    }

    /** The user's current counters: daily, monthly, total. */
    public long[] used(String userId) {
        return counters.used(userId, clock.instant());
    }
}
