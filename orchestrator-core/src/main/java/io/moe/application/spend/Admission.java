package io.moe.application.spend;

import io.moe.application.limits.InFlightRequests;
import io.moe.application.limits.RequestGate;
import io.moe.application.tracing.ThrottledWarning;
import io.moe.domain.identity.Caller;
import io.moe.domain.identity.UsageEntry;
import io.moe.domain.shared.Failures;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.net.SocketTimeoutException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;

/**
 * Lets a request run, or refuses it, before it reaches any model: it must find a place among its user's concurrent
 * requests ({@code moe.limits.concurrent-requests-per-user}, on all nodes; 429 with {@code Retry-After} otherwise), and
 * the estimate of its tokens must fit its user's daily, monthly and total limits (429 {@code budget_exceeded}). Both are
 * taken in one step on the shared counters ({@link AdmissionCounters}); when the request ends, its place is given back and
 * the reservation settled to the tokens it really used, again in one step. Concurrent requests therefore overspend a
 * limit by at most one request's tokens.
 *
 * <p>Failure policy: when the shared counters cannot be reached, a caller without limits goes on uncounted (logged: the
 * concurrency gate is a fairness measure), a caller with a limit is refused ({@link BudgetUnavailableException}: limits are
 * never silently skipped), and a release that cannot be written is logged and dropped (the place expires by itself).
 */
@ApplicationScoped
public class Admission {

    private static final Logger LOG = Logger.getLogger(Admission.class.getName());
    /** Repeated by every request while Redis is down, or while the journal is full: logged once per interval. */
    private static final ThrottledWarning COUNTERS_DOWN = new ThrottledWarning(LOG);
    private static final ThrottledWarning JOURNAL_FULL = new ThrottledWarning(LOG);

    @Inject
    AdmissionCounters counters;

    @Inject
    RequestGate gate;

    @Inject
    UsageRecorder usage;

    @Inject
    UsageJournal journal;

    Clock clock = Clock.systemUTC();

    /** Undoes admissions whose answer timed out ({@link #withdrawLater}); none in tests that do not set one. */
    @Resource(lookup = "java:comp/DefaultManagedScheduledExecutorService")
    ScheduledExecutorService scheduler;

    /** The wait between two tries at undoing an admission whose answer timed out. */
    static final Duration WITHDRAW_EVERY = Duration.ofSeconds(2);

    /** A running request's place and the tokens reserved for it at {@code at}; uncounted when the counters were down. */
    public record Ticket(RequestGate.Pass place, Instant at, long reserved) {

        public boolean counted() {
            return place.counted();
        }
    }

    /** Admits the request or throws {@link io.moe.application.limits.TooManyRequestsException} or {@link BudgetExceededException}. */
    public Ticket admit(Caller caller, String requestId, long estimate) {
        Instant at = clock.instant();
        int limit = gate.limit();
        AdmissionCounters.Decision decision;
        try {
            decision = counters.admit(caller.userId(), requestId, limit, at, caller.limits(), estimate);
        } catch (RuntimeException e) {
            if (Failures.chain(e).anyMatch(SocketTimeoutException.class::isInstance)) {
                withdrawLater(caller.userId(), requestId, at, estimate, clock.instant().plus(InFlightRequests.LEASE));
            }
            if (!caller.limits().unlimited()) {
                throw new BudgetUnavailableException(e);
            }
            COUNTERS_DOWN.warn(() -> "Shared counters unavailable, admitting a request of " + caller.userId() + " uncounted: " + e.getMessage());
            return new Ticket(new RequestGate.Pass(caller.userId(), requestId, false), at, 0);
        }
        if (decision.busy()) {
            throw gate.refusal();
        }
        if (decision.overBudget() != null) {
            BudgetCounters.Refusal refusal = decision.overBudget();
            throw new BudgetExceededException(refusal.limitType(), refusal.used(), refusal.limit(), estimate);
        }
        return new Ticket(gate.hold(caller.userId(), requestId), at, estimate);
    }

    /**
     * Undoes an admission whose answer timed out, once the store answers again: the script may have run after the wait
     * ran out (a stalled Redis runs what it was sent), leaving a place that would count for a minute and a reservation that
     * would never be settled. Tried every {@link #WITHDRAW_EVERY} until the place is found and undone or its lease ran out
     * ({@code until}): the script may run only after the first tries.
     */
    private void withdrawLater(String userId, String requestId, Instant at, long tokens, Instant until) {
        if (scheduler == null) {
            return;
        }
        try {
            scheduler.schedule(() -> {
                boolean undone = false;
                try {
                    undone = counters.withdraw(userId, requestId, at, tokens);
                } catch (RuntimeException stillDown) {
                    // tried again below
                }
                if (!undone && clock.instant().isBefore(until)) {
                    withdrawLater(userId, requestId, at, tokens, until);
                }
            }, WITHDRAW_EVERY.toMillis(), TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException e) {
            LOG.warning(() -> "The admission of " + requestId + " timed out and cannot be undone: " + e.getMessage());
        }
    }

    /**
     * Logs the usage row of a request refused for its budget (it ran nothing and changed no counter): journaled like every
     * other row, so it survives this node and a database outage; this node's {@link UsageRecorder} writes it only when the
     * journal cannot take it.
     */
    public void refused(UsageEntry row) {
        try {
            if (journal.append(row)) {
                return;
            }
            JOURNAL_FULL.warn(() -> "The usage journal is full; the row of " + row.requestId() + " is written from this node's memory");
        } catch (RuntimeException e) {
            COUNTERS_DOWN.warn(() -> "The usage journal cannot be reached; the row of " + row.requestId()
                    + " is written from this node's memory: " + e.getMessage());
        }
        usage.record(row);
    }

    /**
     * Gives the request's place back, corrects its reservation to {@code actualTokens} and journals its usage {@code row}
     * in the same step ({@link UsageJournal}); where that step cannot be taken (counters down, request uncounted, journal
     * full) the row goes to this node's {@link UsageRecorder}.
     */
    public void release(Ticket ticket, long actualTokens, UsageEntry row) {
        if (!ticket.counted()) {
            usage.record(row);
            return;
        }
        gate.letGo(ticket.place());
        long delta = actualTokens - ticket.reserved();
        try {
            if (!counters.release(ticket.place().userId(), ticket.place().requestId(), ticket.at(), delta, row)) {
                JOURNAL_FULL.warn(() -> "The usage journal is full; the row of " + row.requestId() + " is written from this node's memory");
                usage.record(row);
            }
        } catch (RuntimeException e) {
            COUNTERS_DOWN.warn(() -> "Shared counters unavailable, could not free the place of " + ticket.place().requestId()
                    + " (it expires by itself) nor settle " + delta + " tokens: " + e.getMessage());
            usage.record(row);
        }
    }
}
