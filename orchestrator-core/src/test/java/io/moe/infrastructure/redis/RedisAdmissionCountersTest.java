package io.moe.infrastructure.redis;

import io.moe.application.spend.AdmissionCounters.Decision;
import io.moe.application.spend.BudgetCounters.Refusal;
import io.moe.application.spend.UsageJournal;
import io.moe.domain.identity.Limits;
import io.moe.domain.identity.UsageEntry;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Admission against a real Redis: token counters by UTC date with every limit checked in the same atomic step as the
 * place, settlement and expiry; the per-user places under concurrency, given back, renewed and freed when stale.
 */
class RedisAdmissionCountersTest {

    private static final Instant JAN_15 = Instant.parse("2030-01-15T23:30:00Z");
    private static final int NO_LIMIT = 1_000;

    private final RedisAdmissionCounters admission = new RedisAdmissionCounters();
    private final RedisBudgetCounters counters = new RedisBudgetCounters();
    private final RedisInFlightRequests places = new RedisInFlightRequests();

    RedisAdmissionCountersTest() {
        admission.redis = TestRedis.store();
        counters.redis = TestRedis.store();
        places.redis = TestRedis.store();
    }

    private static String user() {
        return "u" + UUID.randomUUID();
    }

    private static UsageEntry row(String user, String request) {
        return new UsageEntry(user, "k1", request, "m@s", "native", 10, 5, UsageEntry.OK, OffsetDateTime.parse("2030-01-15T23:30:00Z"));
    }

    @Test
    void aReleaseJournalsItsUsageRowUnlessTheJournalIsFull() {
        String user = user();
        admission.journal = "moe:usage-journal-test-" + UUID.randomUUID();
        admission.journalLimit = 2;
        RedisUsageJournal journal = new RedisUsageJournal();
        journal.redis = TestRedis.store();
        journal.stream = admission.journal;
        List<UsageEntry> rows = List.of(row(user, "a"), row(user, "b"), row(user, "c"));
        for (UsageEntry row : rows) {
            assertTrue(admission.admit(user, row.requestId(), NO_LIMIT, JAN_15, Limits.NONE, 100).admitted());
        }
        assertTrue(admission.release(user, "a", JAN_15, -85, rows.get(0)));
        assertTrue(admission.release(user, "b", JAN_15, -85, rows.get(1)));
        assertFalse(admission.release(user, "c", JAN_15, -85, rows.get(2)), "the journal holds at most its limit");
        assertArrayEquals(new long[] {45, 45, 45}, counters.used(user, JAN_15), "settled in every case");

        List<UsageJournal.Entry> read = journal.readNew("reader-1", 10, Duration.ZERO);
        assertEquals(List.of(rows.get(0).id(), rows.get(1).id()), read.stream().map(e -> e.row().id()).toList());
        UsageEntry back = read.get(0).row();
        assertEquals(List.of(user, "k1", "a", "m@s", "native", 10L, 5L, 15L, "ok"), List.of(back.userId(), back.apiKeyId(),
                back.requestId(), back.model(), back.moeMode(), back.promptTokens(), back.completionTokens(),
                back.weightedTokens(), back.status()));
        assertEquals(rows.get(0).requestedAt().toInstant(), back.requestedAt().toInstant());

        assertEquals(List.of(), journal.readNew("reader-2", 10, Duration.ofMillis(10)), "a row goes to one reader");
        assertEquals(2, journal.readUnacknowledged("reader-1", 10).size(), "until acknowledged it stays with its reader");
        assertEquals(2, journal.takeOver("reader-2", Duration.ZERO, 10).size(), "another reader can take it over");
        journal.acknowledge(read.stream().map(UsageJournal.Entry::journalId).toList());
        assertEquals(List.of(), journal.readUnacknowledged("reader-2", 10));
        assertEquals(List.of(), journal.takeOver("reader-1", Duration.ZERO, 10));
        assertTrue(admission.release(user, "c", JAN_15, 0, rows.get(2)), "acknowledged rows leave the journal");
    }

    @Test
    void anAdmissionIsWithdrawnOnceAndOnlyWhenItHappened() {
        String user = user();
        assertFalse(admission.withdraw(user, "never-admitted", JAN_15, 100), "an admission that never ran is not undone");
        assertTrue(admission.admit(user, "late", 1, JAN_15, Limits.NONE, 100).admitted());
        assertTrue(admission.withdraw(user, "late", JAN_15, 100));
        assertArrayEquals(new long[] {0, 0, 0}, counters.used(user, JAN_15), "the reservation is taken back");
        assertEquals(0, places.running(user), "and the place");
        assertFalse(admission.withdraw(user, "late", JAN_15, 100), "only once");
        assertArrayEquals(new long[] {0, 0, 0}, counters.used(user, JAN_15));
    }

    @Test
    void aRefusedRequestsRowIsJournaledWithoutTouchingTheCounters() {
        String user = user();
        RedisUsageJournal journal = new RedisUsageJournal();
        journal.redis = TestRedis.store();
        journal.stream = "moe:usage-journal-test-" + UUID.randomUUID();
        UsageEntry refused = new UsageEntry(user, "k1", "r", "moe-orchestrator", "moe_orchestrated", 0, 0, UsageEntry.BUDGET_EXCEEDED,
                OffsetDateTime.parse("2030-01-15T23:30:00Z"));
        assertTrue(journal.append(refused));
        List<UsageJournal.Entry> read = journal.readNew("reader-1", 10, Duration.ZERO);
        assertEquals(List.of(UsageEntry.BUDGET_EXCEEDED), read.stream().map(e -> e.row().status()).toList());
        assertArrayEquals(new long[] {0, 0, 0}, counters.used(user, JAN_15));
        TestRedis.store().delete(journal.stream);
    }

    private static String request() {
        return "r" + UUID.randomUUID();
    }

    private Decision reserve(String user, Limits limits, long tokens) {
        return admission.admit(user, request(), NO_LIMIT, JAN_15, limits, tokens);
    }

    @Test
    void aReservationCountsInTheDayAndMonthOfItsInstantAndInTheTotal() {
        String user = user();
        assertTrue(reserve(user, Limits.NONE, 100).admitted());
        assertArrayEquals(new long[] {100, 100, 100}, counters.used(user, JAN_15));
        assertArrayEquals(new long[] {0, 100, 100}, counters.used(user, JAN_15.plus(Duration.ofHours(1))), "the next UTC day");
        assertArrayEquals(new long[] {0, 0, 100}, counters.used(user, Instant.parse("2030-02-01T00:00:00Z")), "the next month");
    }

    @Test
    void aReservationBeyondWhatADoubleHoldsIsCountedExactly() {
        String user = user();
        long tokens = 123_456_789_012_345_678L; // 1.2345678901234568e+17 as a Lua number, which INCRBY refuses
        assertTrue(reserve(user, Limits.NONE, tokens).admitted());
        assertArrayEquals(new long[] {tokens, tokens, tokens}, counters.used(user, JAN_15));
    }

    @Test
    void anAdmissionThatFailsOnTheWayTakesNoPlace() {
        String user = user();
        TestRedis.store().put(RedisBudgetCounters.keys(user, JAN_15).get(0), "not a number", Duration.ofMinutes(5));
        assertThrows(RuntimeException.class, () -> reserve(user, Limits.NONE, 100), "the daily counter cannot be added to");
        assertEquals(0, places.running(user), "no place is left taken for 60 s by a refused admission");
        List<String> keys = RedisBudgetCounters.keys(user, JAN_15);
        assertTrue(TestRedis.store().get(keys.get(1)).isEmpty() && TestRedis.store().get(keys.get(2)).isEmpty(), "nothing was reserved");
    }

    @Test
    void aReservationOverAnyLimitAddsToNoCounterTakesNoPlaceAndNamesTheFirstLimitItWouldPass() {
        String user = user();
        Limits limits = new Limits(1000L, 120L, 125L);
        assertTrue(reserve(user, limits, 100).admitted());
        Decision refused = reserve(user, limits, 30);
        assertEquals(new Decision(false, new Refusal("monthly", 100, 120)), refused);
        assertArrayEquals(new long[] {100, 100, 100}, counters.used(user, JAN_15));
        assertEquals(1, places.running(user), "only the admitted request holds a place");
        assertTrue(reserve(user, limits, 20).admitted(), "what still fits is taken");
    }

    @Test
    void aRequestReservingNothingIsRefusedByACounterAtItsLimit() {
        String user = user();
        Decision stopped = admission.admit(user, request(), NO_LIMIT, JAN_15, new Limits(0L, null, null), 0);
        assertEquals("daily", stopped.overBudget().limitType(), "a limit of 0 stops a user, even on a server whose cost_factor is 0");
        assertTrue(admission.admit(user, request(), NO_LIMIT, JAN_15, new Limits(10L, null, null), 10).admitted());
        assertFalse(admission.admit(user, request(), NO_LIMIT, JAN_15, new Limits(10L, null, null), 0).admitted(), "at the limit");
    }

    @Test
    void concurrentReservationsCannotSlipPastALimitTogether() throws Exception {
        String user = user();
        Limits limits = new Limits(100L, null, null);
        ExecutorService pool = Executors.newFixedThreadPool(16);
        try {
            List<Callable<Boolean>> reservations = IntStream.range(0, 40)
                    .<Callable<Boolean>>mapToObj(i -> () -> reserve(user, limits, 10).admitted()).toList();
            int taken = 0;
            for (Future<Boolean> f : pool.invokeAll(reservations)) {
                taken += f.get() ? 1 : 0;
            }
            assertEquals(10, taken);
        } finally {
            pool.shutdownNow();
        }
        assertEquals(100, counters.used(user, JAN_15)[0]);
    }

    @Test
    void concurrentRequestsOfOneUserGetExactlyTheLimitAndABusyRefusalReservesNothing() throws Exception {
        String user = user();
        ExecutorService pool = Executors.newFixedThreadPool(16);
        try {
            List<Callable<Boolean>> tries = IntStream.range(0, 40)
                    .<Callable<Boolean>>mapToObj(i -> () -> admission.admit(user, "r" + i, 4, JAN_15, Limits.NONE, 10).admitted()).toList();
            int entered = 0;
            for (Future<Boolean> f : pool.invokeAll(tries)) {
                entered += f.get() ? 1 : 0;
            }
            assertEquals(4, entered);
        } finally {
            pool.shutdownNow();
        }
        assertEquals(40, counters.used(user, JAN_15)[2], "only the four admitted requests reserved tokens");
        assertEquals(Decision.BUSY, admission.admit(user, "r40", 4, JAN_15, Limits.NONE, 10));
        assertTrue(admission.admit(user(), "r", 4, JAN_15, Limits.NONE, 10).admitted(), "another user is not affected");
    }

    @Test
    void aReleaseGivesThePlaceBackAndCorrectsTheCountersButDoesNotStartOneThatExpired() {
        String user = user();
        assertTrue(admission.admit(user, "a", 1, JAN_15, Limits.NONE, 100).admitted());
        assertEquals(Decision.BUSY, admission.admit(user, "b", 1, JAN_15, Limits.NONE, 100));
        TestRedis.store().delete(RedisBudgetCounters.keys(user, JAN_15).get(0)); // the daily counter expired meanwhile
        admission.release(user, "a", JAN_15, -40, row(user, "a"));
        assertArrayEquals(new long[] {0, 60, 60}, counters.used(user, JAN_15));
        assertTrue(TestRedis.store().get(RedisBudgetCounters.keys(user, JAN_15).get(0)).isEmpty());
        assertTrue(admission.admit(user, "b", 1, JAN_15, Limits.NONE, 100).admitted(), "the place given back is taken again");
    }

    @Test
    void aRenewedPlaceKeepsCountingAndAPlaceGivenBackIsNotRevivedByARenewal() {
        String user = user();
        assertTrue(admission.admit(user, "long-running", 1, JAN_15, Limits.NONE, 1).admitted());
        ageBeyondTheLease(user, "long-running");
        assertTrue(places.renew(user, "long-running"));
        assertFalse(admission.admit(user, "new", 1, JAN_15, Limits.NONE, 1).admitted(), "the renewed place still counts");
        admission.release(user, "long-running", JAN_15, 0, row(user, "long-running"));
        assertFalse(places.renew(user, "long-running"), "a renewal Redis runs after the release (its answer timed out)");
        assertTrue(admission.admit(user, "new", 1, JAN_15, Limits.NONE, 1).admitted(), "takes no place");
        places.restore(user, "taken-again");
        places.forget(user, "taken-again");
        assertEquals(1, places.running(user), "a place forgotten after its restore counts no more");
    }

    @Test
    void aPlaceDroppedAsStaleDuringAnOutageIsTakenAgainByTheNextRenewal() {
        String user = user();
        assertTrue(admission.admit(user, "long-running", 1, JAN_15, Limits.NONE, 1).admitted());
        ageBeyondTheLease(user, "long-running"); // the store did not answer for longer than the lease
        assertTrue(admission.admit(user, "meanwhile", 1, JAN_15, Limits.NONE, 1).admitted(), "the stale place was dropped");
        admission.release(user, "meanwhile", JAN_15, 0, row(user, "meanwhile"));
        assertFalse(places.renew(user, "long-running"), "the store is back and lost the place");
        places.restore(user, "long-running"); // the request still runs
        assertFalse(admission.admit(user, "next", 1, JAN_15, Limits.NONE, 1).admitted(), "its place counts again");
    }

    @Test
    void aPlaceOlderThanAnyRequestCanRunIsFreed() {
        String user = user();
        assertTrue(admission.admit(user, "left-behind-by-a-dead-node", 1, JAN_15, Limits.NONE, 1).admitted());
        ageBeyondTheLease(user, "left-behind-by-a-dead-node");
        assertTrue(admission.admit(user, "new", 1, JAN_15, Limits.NONE, 1).admitted(), "the stale place no longer counts");
        assertEquals(1, places.running(user));
    }

    @Test
    void dailyAndMonthlyCountersExpireAndTheTotalIsKept() {
        String user = user();
        reserve(user, Limits.NONE, 1);
        List<String> keys = RedisBudgetCounters.keys(user, JAN_15);
        long daily = TestRedis.store().secondsToLive(keys.get(0)).orElseThrow();
        long monthly = TestRedis.store().secondsToLive(keys.get(1)).orElseThrow();
        assertTrue(daily > Duration.ofHours(47).toSeconds() && daily <= Duration.ofHours(48).toSeconds(), "daily " + daily);
        assertTrue(monthly > Duration.ofDays(34).toSeconds() && monthly <= Duration.ofDays(35).toSeconds(), "monthly " + monthly);
        assertTrue(TestRedis.store().secondsToLive(keys.get(2)).isEmpty(), "the total never expires");
    }

    /** Moves the place's lease a minute past stale by Redis's own clock, the one every node measures by. */
    private static void ageBeyondTheLease(String user, String requestId) {
        Object changed = TestRedis.store().eval(RedisInFlightRequests.NOW
                        + "return redis.call('ZADD', KEYS[1], 'XX', 'CH', string.format('%.0f', now - tonumber(ARGV[1])), ARGV[2])",
                List.of(RedisInFlightRequests.key(user)),
                List.of(String.valueOf(RedisInFlightRequests.STALE_AFTER.plusMinutes(1).toMillis()), requestId));
        assertEquals(1L, changed, "the place existed and was aged");
    }
}
