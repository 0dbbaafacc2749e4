package io.moe.infrastructure.redis;

import io.moe.application.spend.BudgetCounters.Refusal;
import io.moe.domain.identity.Limits;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Budget counters against a real Redis: periods by UTC date, limits checked atomically, settlement, expiry. */
class RedisBudgetCountersTest {

    private static final Instant JAN_15 = Instant.parse("2030-01-15T23:30:00Z");

    private static RedisBudgetCounters counters() {
        RedisBudgetCounters counters = new RedisBudgetCounters();
        counters.redis = TestRedis.store();
        return counters;
    }

    private static String user() {
        return "u" + UUID.randomUUID();
    }

    @Test
    void aReservationCountsInTheDayAndMonthOfItsInstantAndInTheTotal() {
        RedisBudgetCounters counters = counters();
        String user = user();
        assertTrue(counters.reserve(user, JAN_15, Limits.NONE, 100).isEmpty());
        assertArrayEquals(new long[] {100, 100, 100}, counters.used(user, JAN_15));
        assertArrayEquals(new long[] {0, 100, 100}, counters.used(user, JAN_15.plus(Duration.ofHours(1))), "the next UTC day");
        assertArrayEquals(new long[] {0, 0, 100}, counters.used(user, Instant.parse("2030-02-01T00:00:00Z")), "the next month");
    }

    @Test
    void aReservationOverAnyLimitAddsToNoCounterAndNamesTheFirstLimitItWouldPass() {
        RedisBudgetCounters counters = counters();
        String user = user();
        Limits limits = new Limits(1000L, 120L, 125L);
        assertTrue(counters.reserve(user, JAN_15, limits, 100).isEmpty());
        Optional<Refusal> refused = counters.reserve(user, JAN_15, limits, 30);
        assertEquals(Optional.of(new Refusal("monthly", 100, 120)), refused);
        assertArrayEquals(new long[] {100, 100, 100}, counters.used(user, JAN_15));
        assertTrue(counters.reserve(user, JAN_15, limits, 20).isEmpty(), "what still fits is taken");
    }

    @Test
    void concurrentReservationsCannotSlipPastALimitTogether() throws Exception {
        RedisBudgetCounters counters = counters();
        String user = user();
        Limits limits = new Limits(100L, null, null);
        ExecutorService pool = Executors.newFixedThreadPool(16);
        try {
            List<Callable<Boolean>> reservations = IntStream.range(0, 40)
                    .<Callable<Boolean>>mapToObj(i -> () -> counters.reserve(user, JAN_15, limits, 10).isEmpty()).toList();
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
    void anAdjustmentCorrectsTheCountersButDoesNotStartOneThatExpired() {
        RedisBudgetCounters counters = counters();
        String user = user();
        counters.reserve(user, JAN_15, Limits.NONE, 100);
        TestRedis.store().delete(RedisBudgetCounters.keys(user, JAN_15).get(0)); // the daily counter expired meanwhile
        counters.adjust(user, JAN_15, -40);
        assertArrayEquals(new long[] {0, 60, 60}, counters.used(user, JAN_15));
        assertTrue(TestRedis.store().get(RedisBudgetCounters.keys(user, JAN_15).get(0)).isEmpty());
    }

    @Test
    void dailyAndMonthlyCountersExpireAndTheTotalIsKept() {
        RedisBudgetCounters counters = counters();
        String user = user();
        counters.reserve(user, JAN_15, Limits.NONE, 1);
        List<String> keys = RedisBudgetCounters.keys(user, JAN_15);
        long daily = TestRedis.store().secondsToLive(keys.get(0)).orElseThrow();
        long monthly = TestRedis.store().secondsToLive(keys.get(1)).orElseThrow();
        assertTrue(daily > Duration.ofHours(47).toSeconds() && daily <= Duration.ofHours(48).toSeconds(), "daily " + daily);
        assertTrue(monthly > Duration.ofDays(34).toSeconds() && monthly <= Duration.ofDays(35).toSeconds(), "monthly " + monthly);
        assertTrue(TestRedis.store().secondsToLive(keys.get(2)).isEmpty(), "the total never expires");
    }
}
