package io.moe.infrastructure.redis;

import io.moe.domain.shared.Digests;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Sign-in counters against a real Redis: separate windows, expiry from the first attempt, digests only. */
class RedisSignInCountersTest {

    private final RedisSignInCounters counters = TestRedis.signInCounters();

    @Test
    void attemptsAreCountedPerAddressAndPerUsernameAndAddress() {
        String address = "203.0.113." + UUID.randomUUID();
        String user = "user-" + UUID.randomUUID();
        assertEquals(1, counters.countFromAddress(address, Duration.ofMinutes(1)));
        assertEquals(2, counters.countFromAddress(address, Duration.ofMinutes(1)));
        assertEquals(1, counters.countOfUser(user, address, Duration.ofMinutes(15)));
        assertEquals(2, counters.countOfUser(user, address, Duration.ofMinutes(15)));
        assertEquals(1, counters.countOfUser(user, address + "-other", Duration.ofMinutes(15)));
        assertEquals(1, counters.countOfUser(user + "-other", address, Duration.ofMinutes(15)));
    }

    @Test
    void theWindowRunsFromTheFirstAttemptAndAResetForgetsIt() {
        String address = "198.51.100." + UUID.randomUUID();
        String user = "user-" + UUID.randomUUID();
        assertTrue(counters.remaining(user, address).isEmpty());
        counters.countOfUser(user, address, Duration.ofMinutes(15));
        long left = counters.remaining(user, address).orElseThrow().toSeconds();
        assertTrue(left > 14 * 60 && left <= 15 * 60, "left " + left);
        counters.reset(user, address);
        assertTrue(counters.remaining(user, address).isEmpty());
        assertEquals(1, counters.countOfUser(user, address, Duration.ofMinutes(15)));
    }

    @Test
    void aCounterLeftWithoutExpiryGetsOneAtItsNextCount() {
        String address = "203.0.113.9-" + UUID.randomUUID();
        String key = "moe:signin:address:" + Digests.sha256(address);
        TestRedis.store().increment(key); // as an expiry lost between two commands left it: counting up for good
        assertTrue(TestRedis.store().secondsToLive(key).isEmpty());
        assertEquals(2, counters.countFromAddress(address, Duration.ofMinutes(1)));
        long left = TestRedis.store().secondsToLive(key).orElseThrow();
        assertTrue(left > 50 && left <= 60, "the window runs again: " + left);
    }

    @Test
    void addressesAndUsernamesAreStoredOnlyAsDigests() {
        String address = "192.0.2." + UUID.randomUUID();
        counters.countFromAddress(address, Duration.ofMinutes(1));
        assertTrue(TestRedis.store().get("moe:signin:address:" + Digests.sha256(address)).isPresent());
        assertFalse(TestRedis.store().get("moe:signin:address:" + address).isPresent());
    }
}
