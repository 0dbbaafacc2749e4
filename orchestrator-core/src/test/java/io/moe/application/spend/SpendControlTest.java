package io.moe.application.spend;

import io.moe.domain.identity.Caller;
import io.moe.domain.identity.Limits;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The budget policy over in-memory counters: what is refused, what goes on uncounted, what a settlement corrects. */
class SpendControlTest {

    private static final Instant NOON = Instant.parse("2030-01-15T12:00:00Z");

    /** Counters of one period, checked against the daily limit only: enough for the policy above them. */
    private static final class MemoryCounters implements BudgetCounters {
        final Map<String, Long> used = new HashMap<>();
        final List<String> calls = new ArrayList<>();

        @Override
        public Optional<Refusal> reserve(String userId, Instant at, Limits limits, long tokens) {
            calls.add("reserve " + userId + " " + at + " " + tokens);
            long now = used.getOrDefault(userId, 0L);
            if (limits.daily() != null && now + tokens > limits.daily()) {
                return Optional.of(new Refusal("daily", now, limits.daily()));
            }
            used.put(userId, now + tokens);
            return Optional.empty();
        }

        @Override
        public void adjust(String userId, Instant at, long delta) {
            calls.add("adjust " + userId + " " + at + " " + delta);
            used.merge(userId, delta, Long::sum);
        }

        @Override
        public long[] used(String userId, Instant at) {
            long n = used.getOrDefault(userId, 0L);
            return new long[] {n, n, n};
        }
    }

    /** Counters that cannot be reached. */
    private static final class DownCounters implements BudgetCounters {
        @Override
        public Optional<Refusal> reserve(String userId, Instant at, Limits limits, long tokens) {
            throw new IllegalStateException("connection refused");
        }

        @Override
        public void adjust(String userId, Instant at, long delta) {
            throw new IllegalStateException("connection refused");
        }

        @Override
        public long[] used(String userId, Instant at) {
            throw new IllegalStateException("connection refused");
        }
    }

    private static SpendControl spend(BudgetCounters counters) {
        SpendControl spend = new SpendControl();
        spend.counters = counters;
        spend.clock = Clock.fixed(NOON, ZoneOffset.UTC);
        return spend;
    }

    private static Caller caller(Limits limits) {
        return new Caller("u1", "alice", "k1", false, Map.of(), limits);
    }

    @Test
    void aReservationThatFitsIsCountedAndSettledToTheRealUsageInTheSamePeriod() {
        MemoryCounters counters = new MemoryCounters();
        SpendControl spend = spend(counters);
        SpendControl.Reservation r = spend.reserve(caller(new Limits(1000L, null, null)), 300);
        assertEquals(300, spend.used("u1")[0]);
        spend.clock = Clock.fixed(NOON.plusSeconds(86_400), ZoneOffset.UTC);
        spend.settle(r, 120);
        assertEquals(120, counters.used.get("u1"));
        assertEquals("adjust u1 " + NOON + " -180", counters.calls.get(1), "settled on the counters of the reservation's day");
    }

    @Test
    void aReservationOverALimitIsRefusedWithThatLimit() {
        MemoryCounters counters = new MemoryCounters();
        counters.used.put("u1", 900L);
        BudgetExceededException e = assertThrows(BudgetExceededException.class,
                () -> spend(counters).reserve(caller(new Limits(1000L, null, null)), 200));
        assertEquals("daily", e.limitType());
        assertEquals(900, counters.used.get("u1"), "nothing was added");
    }

    @Test
    void aCallerWithoutLimitsGoesOnUncountedWhenTheCountersAreDown() {
        SpendControl spend = spend(new DownCounters());
        SpendControl.Reservation r = spend.reserve(caller(Limits.NONE), 500);
        assertEquals(0, r.reserved());
        assertDoesNotThrow(() -> spend.settle(r, 800), "nothing to settle");
    }

    @Test
    void aCallerWithALimitIsRefusedWhenTheCountersAreDown() {
        SpendControl spend = spend(new DownCounters());
        assertThrows(BudgetUnavailableException.class, () -> spend.reserve(caller(new Limits(null, null, 10_000L)), 500));
    }

    @Test
    void aSettlementThatCannotBeWrittenIsDroppedWithoutFailingTheRequest() {
        SpendControl spend = spend(new MemoryCounters());
        SpendControl.Reservation r = spend.reserve(caller(Limits.NONE), 100);
        spend.counters = new DownCounters();
        assertDoesNotThrow(() -> spend.settle(r, 400));
    }

    @Test
    void aReservationMatchingTheRealUsageNeedsNoSettlement() {
        MemoryCounters counters = new MemoryCounters();
        SpendControl spend = spend(counters);
        spend.settle(spend.reserve(caller(Limits.NONE), 100), 100);
        assertEquals(1, counters.calls.size());
        assertArrayEquals(new long[] {100, 100, 100}, spend.used("u1"));
        assertTrue(counters.calls.get(0).startsWith("reserve u1 " + NOON));
    }
}
