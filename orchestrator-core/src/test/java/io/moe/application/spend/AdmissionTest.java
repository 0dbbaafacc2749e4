package io.moe.application.spend;

import io.moe.application.limits.ConfigDefaults;
import io.moe.application.limits.InFlightRequests;
import io.moe.application.limits.RequestGate;
import io.moe.application.limits.RequestLimits;
import io.moe.application.limits.TooManyRequestsException;
import io.moe.domain.identity.Caller;
import io.moe.domain.identity.Limits;
import io.moe.domain.identity.UsageEntry;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The admission policy over in-memory counters: what is refused (a full gate, a budget), what goes on uncounted, what
 * a release gives back and corrects.
 */
class AdmissionTest {

    private static final Instant NOON = Instant.parse("2030-01-15T12:00:00Z");

    /** Places and counters of one period, checked against the daily limit only: enough for the policy above them. */
    private static final class MemoryCounters implements AdmissionCounters, InFlightRequests {
        final Map<String, Long> used = new HashMap<>();
        final Set<String> places = new HashSet<>();
        final List<String> calls = new ArrayList<>();
        final List<UsageEntry> journal = new ArrayList<>();
        boolean down;
        boolean journalFull;
        /** The admission is made, but its answer does not come back in time (a stalled store runs it late). */
        boolean answerLost;

        @Override
        public synchronized Decision admit(String userId, String requestId, int concurrentLimit, Instant at, Limits limits, long tokens) {
            failWhenDown();
            calls.add("admit " + userId + " " + at + " " + tokens);
            if (running(userId) >= concurrentLimit) {
                return Decision.BUSY;
            }
            long now = used.getOrDefault(userId, 0L);
            if (limits.daily() != null && now + tokens > limits.daily()) {
                return new Decision(false, new BudgetCounters.Refusal("daily", now, limits.daily()));
            }
            used.put(userId, now + tokens);
            places.add(userId + "|" + requestId);
            if (answerLost) {
                throw new IllegalStateException("Failed to read from the connection", new java.net.SocketTimeoutException("Read timed out"));
            }
            return Decision.ADMITTED;
        }

        @Override
        public synchronized boolean withdraw(String userId, String requestId, Instant at, long tokens) {
            failWhenDown();
            if (!places.remove(userId + "|" + requestId)) {
                return false;
            }
            used.merge(userId, -tokens, Long::sum);
            return true;
        }

        @Override
        public synchronized boolean release(String userId, String requestId, Instant at, long delta, UsageEntry row) {
            failWhenDown();
            calls.add("release " + userId + " " + at + " " + delta);
            places.remove(userId + "|" + requestId);
            used.merge(userId, delta, Long::sum);
            if (!journalFull) {
                journal.add(row);
            }
            return !journalFull;
        }

        @Override
        public boolean renew(String userId, String requestId) {
            return true;
        }

        @Override
        public void restore(String userId, String requestId) {
        }

        @Override
        public void forget(String userId, String requestId) {
        }

        @Override
        public synchronized int running(String userId) {
            return (int) places.stream().filter(p -> p.startsWith(userId + "|")).count();
        }

        private void failWhenDown() {
            if (down) {
                throw new IllegalStateException("connection refused");
            }
        }
    }

    /** Rows the admission gave to this node's recorder instead of the journal. */
    private final List<UsageEntry> recorded = new ArrayList<>();

    /** Rows journaled as refused; the journal is full when {@code room} is 0, unreachable when null. */
    private final List<UsageEntry> journaled = new ArrayList<>();
    private Integer room = 10;

    private Admission admission(MemoryCounters counters) {
        Admission admission = new Admission();
        admission.journal = (UsageJournal) java.lang.reflect.Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {UsageJournal.class}, (proxy, method, args) -> {
                    if (!method.getName().equals("append")) {
                        throw new UnsupportedOperationException(method.getName());
                    }
                    if (room == null) {
                        throw new IllegalStateException("connection refused");
                    }
                    if (room == 0) {
                        return false;
                    }
                    room--;
                    return journaled.add((UsageEntry) args[0]);
                });
        admission.usage = new UsageRecorder() {
            @Override
            public void record(UsageEntry entry) {
                recorded.add(entry);
            }
        };
        admission.counters = counters;
        admission.gate = new RequestGate(counters, ConfigDefaults.of(RequestLimits.class));
        admission.clock = Clock.fixed(NOON, ZoneOffset.UTC);
        return admission;
    }

    private static Caller caller(Limits limits) {
        return new Caller("u1", "alice", "k1", false, Map.of(), limits);
    }

    @Test
    void anAdmissionWhoseAnswerTimedOutIsUndoneOnceTheStoreAnswers() throws InterruptedException {
        MemoryCounters counters = new MemoryCounters();
        counters.answerLost = true;
        Admission admission = admission(counters);
        java.util.concurrent.ScheduledExecutorService scheduler = java.util.concurrent.Executors.newSingleThreadScheduledExecutor();
        admission.scheduler = scheduler;
        try {
            assertThrows(BudgetUnavailableException.class, () -> admission.admit(caller(new Limits(1000L, null, null)), "r1", 300));
            assertEquals(300, counters.used.get("u1"), "the store ran the admission after the wait ran out");
            long deadline = System.nanoTime() + java.time.Duration.ofSeconds(20).toNanos();
            while (counters.running("u1") > 0 || counters.used.get("u1") != 0) {
                assertTrue(System.nanoTime() < deadline, "undone: place " + counters.running("u1") + ", used " + counters.used.get("u1"));
                Thread.sleep(20);
            }
        } finally {
            scheduler.shutdownNow();
        }
    }

    @Test
    void theRowOfARequestRefusedForItsBudgetIsJournaledAndKeptByThisNodeOnlyWhenTheJournalCannotTakeIt() {
        Admission admission = admission(new MemoryCounters());
        admission.refused(row("r1", 0));
        assertEquals(List.of("r1"), journaled.stream().map(UsageEntry::requestId).toList(), "journaled like every other row");
        assertEquals(List.of(), recorded);
        room = 0;
        admission.refused(row("r2", 0));
        room = null;
        admission.refused(row("r3", 0));
        assertEquals(List.of("r2", "r3"), recorded.stream().map(UsageEntry::requestId).toList(), "a full or unreachable journal");
    }

    @Test
    void aReservationThatFitsIsCountedAndSettledToTheRealUsageInTheSamePeriod() {
        MemoryCounters counters = new MemoryCounters();
        Admission admission = admission(counters);
        Admission.Ticket ticket = admission.admit(caller(new Limits(1000L, null, null)), "r1", 300);
        assertEquals(300, counters.used.get("u1"));
        admission.clock = Clock.fixed(NOON.plusSeconds(86_400), ZoneOffset.UTC);
        admission.release(ticket, 120, row("r1", 120));
        assertEquals(120, counters.used.get("u1"));
        assertEquals("release u1 " + NOON + " -180", counters.calls.get(1), "settled on the counters of the reservation's day");
        assertEquals(0, counters.running("u1"), "the place is given back");
    }

    @Test
    void aReservationOverALimitIsRefusedWithThatLimitAndTakesNoPlace() {
        MemoryCounters counters = new MemoryCounters();
        counters.used.put("u1", 900L);
        BudgetExceededException e = assertThrows(BudgetExceededException.class,
                () -> admission(counters).admit(caller(new Limits(1000L, null, null)), "r1", 200));
        assertEquals("daily", e.limitType());
        assertEquals(900, counters.used.get("u1"), "nothing was added");
        assertEquals(0, counters.running("u1"));
    }

    @Test
    void beyondTheConcurrencyLimitARequestIsRefusedWithWhenToRetryAndAReleasedRequestFreesItsPlace() {
        MemoryCounters counters = new MemoryCounters();
        Admission admission = admission(counters);
        Admission.Ticket first = admission.admit(caller(Limits.NONE), "r0", 10);
        for (int i = 1; i < 4; i++) {
            admission.admit(caller(Limits.NONE), "r" + i, 10);
        }
        TooManyRequestsException refused = assertThrows(TooManyRequestsException.class,
                () -> admission.admit(caller(Limits.NONE), "r4", 10));
        assertTrue(refused.getMessage().contains("moe.limits.concurrent-requests-per-user"), refused.getMessage());
        assertEquals(5, refused.retryAfterSeconds());
        assertEquals(40, counters.used.get("u1"), "the refused request reserved nothing");

        admission.release(first, 10, row("r0", 10));
        assertTrue(admission.admit(caller(Limits.NONE), "r4", 10).counted());
    }

    @Test
    void aCallerWithoutLimitsGoesOnUncountedWhenTheCountersAreDown() {
        MemoryCounters counters = new MemoryCounters();
        counters.down = true;
        Admission admission = admission(counters);
        Admission.Ticket ticket = admission.admit(caller(Limits.NONE), "r1", 500);
        assertFalse(ticket.counted());
        assertEquals(0, ticket.reserved());
        assertDoesNotThrow(() -> admission.release(ticket, 800, row("r1", 800)), "nothing to give back");
        assertTrue(counters.calls.isEmpty());
        assertEquals(List.of("r1"), recorded.stream().map(UsageEntry::requestId).toList(), "its row is written from memory");
    }

    @Test
    void aCallerWithALimitIsRefusedWhenTheCountersAreDown() {
        MemoryCounters counters = new MemoryCounters();
        counters.down = true;
        assertThrows(BudgetUnavailableException.class, () -> admission(counters).admit(caller(new Limits(null, null, 10_000L)), "r1", 500));
    }

    @Test
    void aReleaseThatCannotBeWrittenIsDroppedWithoutFailingTheRequest() {
        MemoryCounters counters = new MemoryCounters();
        Admission admission = admission(counters);
        Admission.Ticket ticket = admission.admit(caller(Limits.NONE), "r1", 100);
        counters.down = true;
        assertDoesNotThrow(() -> admission.release(ticket, 400, row("r1", 400)));
        assertEquals(List.of("r1"), recorded.stream().map(UsageEntry::requestId).toList(), "its row is written from memory");
    }

    @Test
    void theUsageRowIsJournaledWithTheSettlementOrRecordedHereWhenTheJournalIsFull() {
        MemoryCounters counters = new MemoryCounters();
        Admission admission = admission(counters);
        admission.release(admission.admit(caller(Limits.NONE), "r1", 100), 40, row("r1", 40));
        assertEquals(List.of("r1"), counters.journal.stream().map(UsageEntry::requestId).toList());
        assertTrue(recorded.isEmpty());
        counters.journalFull = true;
        admission.release(admission.admit(caller(Limits.NONE), "r2", 100), 40, row("r2", 40));
        assertEquals(List.of("r2"), recorded.stream().map(UsageEntry::requestId).toList());
        assertEquals(80, counters.used.get("u1"), "settled either way");
    }

    private static UsageEntry row(String requestId, long tokens) {
        return new UsageEntry("u1", "k1", requestId, "m@s", "native", tokens, 0, tokens, UsageEntry.OK, OffsetDateTime.parse("2030-01-15T12:00:00Z"));
    }
}
