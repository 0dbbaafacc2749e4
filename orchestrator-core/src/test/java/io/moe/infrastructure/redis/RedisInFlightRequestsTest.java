package io.moe.infrastructure.redis;

import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The per-user in-flight places against a real Redis: a hard limit under concurrency, places given back, stale places freed. */
class RedisInFlightRequestsTest {

    private static RedisInFlightRequests places() {
        RedisInFlightRequests places = new RedisInFlightRequests();
        places.redis = TestRedis.store();
        return places;
    }

    @Test
    void concurrentRequestsOfOneUserGetExactlyTheLimit() {
        RedisInFlightRequests places = places();
        String user = "u-" + UUID.randomUUID();
        AtomicInteger entered = new AtomicInteger();
        List<CompletableFuture<Void>> tries = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            String request = "r" + i;
            tries.add(CompletableFuture.runAsync(() -> {
                if (places.tryEnter(user, request, 4)) {
                    entered.incrementAndGet();
                }
            }));
        }
        tries.forEach(CompletableFuture::join);
        assertEquals(4, entered.get());
        assertTrue(places.tryEnter("other-" + UUID.randomUUID(), "r", 4), "another user is not affected");
    }

    @Test
    void aPlaceGivenBackCanBeTakenAgain() {
        RedisInFlightRequests places = places();
        String user = "u-" + UUID.randomUUID();
        assertTrue(places.tryEnter(user, "a", 1));
        assertFalse(places.tryEnter(user, "b", 1));
        places.leave(user, "a");
        assertTrue(places.tryEnter(user, "b", 1));
    }

    @Test
    void aRenewedPlaceKeepsCountingAndAPlaceGivenBackIsNotRevivedByARenewal() {
        RedisInFlightRequests places = places();
        String user = "u-" + UUID.randomUUID();
        Instant start = Instant.now().minus(RedisInFlightRequests.STALE_AFTER).minus(Duration.ofMinutes(1));
        places.clock = Clock.fixed(start, ZoneOffset.UTC);
        assertTrue(places.tryEnter(user, "long-running", 1));
        places.clock = Clock.systemUTC();
        places.renew(user, "long-running");
        assertFalse(places.tryEnter(user, "new", 1), "the renewed place still counts");
        places.leave(user, "long-running");
        places.renew(user, "long-running");
        assertTrue(places.tryEnter(user, "new", 1), "a renewal after leaving takes no place");
    }

    @Test
    void aPlaceOlderThanAnyRequestCanRunIsFreed() {
        RedisInFlightRequests places = places();
        String user = "u-" + UUID.randomUUID();
        places.clock = Clock.fixed(Instant.now().minus(RedisInFlightRequests.STALE_AFTER).minus(Duration.ofMinutes(1)), ZoneOffset.UTC);
        assertTrue(places.tryEnter(user, "left-behind-by-a-dead-node", 1));
        places.clock = Clock.systemUTC();
        assertTrue(places.tryEnter(user, "new", 1), "the stale place no longer counts");
    }
}
