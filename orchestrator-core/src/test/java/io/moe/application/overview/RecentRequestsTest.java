package io.moe.application.overview;

import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

class RecentRequestsTest {

    private final MutableClock clock = new MutableClock(Instant.parse("2026-11-26T10:00:30Z"));
    private final RecentRequests recent = new RecentRequests(clock);

    @Test
    void anEmptyWindowShowsZeros() {
        RecentRequests.Summary s = recent.summary();
        assertEquals(0, s.requests());
        assertEquals(new RecentRequests.Latency(0, 0, 0, 0), s.latency());
        assertEquals(15, s.perMinute().length);
    }

    @Test
    void percentilesFollowTheNearestRank() {
        for (int ms = 1; ms <= 100; ms++) {
            recent.record(ms, Map.of("m", 1L), false);
        }
        assertEquals(new RecentRequests.Latency(50, 90, 99, 100), recent.summary().latency());
    }

    @Test
    void requestsAreCountedPerMinuteWithTheCurrentMinuteLast() {
        recent.record(10, Map.of("a", 100L), false);
        clock.advance(Duration.ofMinutes(2));
        recent.record(20, Map.of("b", 50L, "a", 5L), false);
        recent.record(30, Map.of("b", 70L), true);
        RecentRequests.Summary s = recent.summary();
        assertEquals(List.of(0L, 0L, 0L, 0L, 0L, 0L, 0L, 0L, 0L, 0L, 0L, 0L, 1L, 0L, 2L), s.perMinuteList());
        assertEquals(Map.of("b", 120L, "a", 105L), s.tokensByModel());
        assertEquals("b", s.tokensByModel().keySet().iterator().next(), "the model with the most tokens comes first");
        assertEquals(1, s.failed());
    }

    @Test
    void answersOlderThanTheWindowLeaveIt() {
        recent.record(500, Map.of("old", 10L), false);
        clock.advance(RecentRequests.WINDOW.plusSeconds(1));
        recent.record(5, Map.of("new", 10L), false);
        RecentRequests.Summary s = recent.summary();
        assertEquals(1, s.requests());
        assertEquals(Map.of("new", 10L), s.tokensByModel());
        assertEquals(5, s.latency().max());
    }

    private static final class MutableClock extends Clock {
        private Instant now;

        MutableClock(Instant now) {
            this.now = now;
        }

        void advance(Duration d) {
            now = now.plus(d);
        }

        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }
}
