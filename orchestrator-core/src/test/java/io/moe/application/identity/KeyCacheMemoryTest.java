package io.moe.application.identity;

import io.moe.domain.identity.Caller;
import io.moe.domain.identity.Limits;
import io.moe.infrastructure.redis.TestRedis;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Proxy;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Each node keeps callers in memory while it hears the store's changes: two nodes on one real Redis; a
 * check on the hot path asks the store no more, and a change made on the other node empties it.
 */
class KeyCacheMemoryTest {

    /** A node's key cache over the shared Redis, counting the store reads of callers. */
    private static KeyCache node(AtomicInteger reads) {
        KeyCacheStore redis = TestRedis.keyCacheStore();
        KeyCache cache = new KeyCache();
        cache.unknownKeySeconds = 30;
        cache.store = (KeyCacheStore) Proxy.newProxyInstance(KeyCacheStore.class.getClassLoader(),
                new Class<?>[] {KeyCacheStore.class}, (proxy, method, args) -> {
                    if (method.getName().equals("find")) {
                        reads.incrementAndGet();
                    }
                    return method.invoke(redis, args);
                });
        return cache;
    }

    private static void untilHeard(KeyCache cache, String hash, Caller caller, AtomicInteger reads) {
        Instant deadline = Instant.now().plusSeconds(10);
        while (Instant.now().isBefore(deadline)) {
            int before = reads.get();
            cache.get(hash);
            if (reads.get() == before) {
                return; // answered from memory: the node hears the changes
            }
        }
        fail("the node did not start hearing key cache changes within 10 s");
    }

    @Test
    void aCheckOnTheHotPathAsksTheStoreNoMoreAndAChangeOnAnotherNodeEmptiesTheMemory() {
        AtomicInteger readsA = new AtomicInteger();
        KeyCache a = node(readsA);
        KeyCache b = node(new AtomicInteger());
        String user = UUID.randomUUID().toString().replace("-", "");
        String hash = "h" + user;
        Caller caller = new Caller(user, "name", "key", false, Map.of(), Limits.NONE);
        a.put(hash, caller, Duration.ofSeconds(60), a.epoch());
        untilHeard(a, hash, caller, readsA);

        int before = readsA.get();
        for (int i = 0; i < 100; i++) {
            assertEquals(Optional.of(caller), a.get(hash));
        }
        assertEquals(before, readsA.get(), "100 checks, no store read");

        b.evictUser(user); // a revocation on the other node
        Instant deadline = Instant.now().plusSeconds(5);
        while (a.get(hash).isPresent()) {
            assertTrue(Instant.now().isBefore(deadline), "node A still answers the revoked caller after 5 s");
        }
        assertTrue(readsA.get() > before, "after the change node A asked the store again");
    }
}
