package io.moe.infrastructure.redis;

import io.moe.application.servers.RateLimitState;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The shared rate-limit state against a real Redis: what one node observed is read by another, replaced whole. */
class RedisProviderLimitsTest {

    private static RedisProviderLimits node() {
        RedisProviderLimits limits = new RedisProviderLimits();
        limits.redis = TestRedis.store();
        return limits;
    }

    @Test
    void anObservationOnOneNodeIsReadOnAnother() {
        String server = "s-" + UUID.randomUUID();
        Instant at = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        node().observe(server, new RateLimitState(Map.of("limit_requests", "60", "remaining_requests", "59"), 200, at));
        RateLimitState read = node().latest(server).orElseThrow();
        assertEquals("59", read.value("remaining_requests").orElseThrow());
        assertEquals(200, read.status());
        assertEquals(at, read.observedAt());
    }

    @Test
    void aNewObservationReplacesTheOldOneWhole() {
        String server = "s-" + UUID.randomUUID();
        RedisProviderLimits limits = node();
        limits.observe(server, new RateLimitState(Map.of("limit_tokens", "1000", "remaining_tokens", "10"), 200, Instant.now()));
        limits.observe(server, new RateLimitState(Map.of("retry_after", "7"), 429, Instant.now()));
        RateLimitState read = limits.latest(server).orElseThrow();
        assertEquals(Map.of("retry_after", "7"), read.values());
        assertEquals(429, read.status());
        assertTrue(TestRedis.store().secondsToLive("moe:provider:" + server).orElseThrow() > 0, "it expires");
    }

    @Test
    void aServerNeverObservedHasNoState() {
        assertFalse(node().latest("never-" + UUID.randomUUID()).isPresent());
    }
}
