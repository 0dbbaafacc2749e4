package io.moe.infrastructure.redis;

import io.moe.domain.identity.Caller;
import io.moe.domain.identity.Limits;
import io.moe.domain.identity.ResourceType;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The key cache store against a real Redis: what an entry holds, what the epoch guards, what an eviction drops. */
class RedisKeyCacheStoreTest {

    private final RedisKeyCacheStore store = TestRedis.keyCacheStore();

    private static String unique() {
        return UUID.randomUUID().toString().replace("-", "");
    }

    @Test
    void aCachedCallerComesBackWithItsGrantsAndLimits() {
        String hash = unique();
        Caller caller = new Caller("u-" + unique(), "alice", "k1", true,
                Map.of(ResourceType.MOE_MODE, Set.of("moe-fast", "moe-deep")), new Limits(1000L, null, 50_000L));
        store.put(hash, caller, Duration.ofSeconds(60), store.epoch());
        assertEquals(caller, store.find(hash).orElseThrow());
        long ttl = TestRedis.store().secondsToLive("moe:key:" + hash).orElseThrow();
        assertTrue(ttl > 0 && ttl <= 60, "ttl " + ttl);
    }

    @Test
    void aKeysLastKnownCallerOutlivesItsEntryAndEveryEvictionDropsIt() {
        String user = "u-" + unique();
        String kept = unique();
        String revoked = unique();
        Caller caller = new Caller(user, "alice", "k1", false, Map.of(), Limits.NONE);
        store.put(kept, caller, Duration.ofSeconds(60), Duration.ofMinutes(50), store.epoch());
        store.put(revoked, caller, Duration.ofSeconds(60), Duration.ofMinutes(50), store.epoch());
        assertEquals(caller, store.lastKnown(kept).orElseThrow());
        long ttl = TestRedis.store().secondsToLive("moe:key-last-known:" + kept).orElseThrow();
        assertTrue(ttl > 49 * 60 && ttl <= 50 * 60, "ttl " + ttl);
        assertTrue(TestRedis.store().secondsToLive("moe:user-keys:" + user).orElseThrow() > ttl, "the index outlives it");
        store.evictKey(revoked);
        assertFalse(store.lastKnown(revoked).isPresent(), "a revoked key has no last known caller");
        store.evictUser(user);
        assertFalse(store.lastKnown(kept).isPresent(), "nor the keys of a blocked user, or one whose grants changed");
    }

    @Test
    void nothingIsWrittenUnderAnEpochThatAChangeHasPassed() {
        String hash = unique();
        long epoch = store.epoch();
        store.evictKey(unique());
        assertTrue(store.epoch() > epoch, "a change advances the epoch");
        store.put(hash, new Caller("u", "n", "k", false, Map.of(), Limits.NONE), Duration.ofSeconds(60), epoch);
        store.putUnknown(hash, Duration.ofSeconds(60), epoch);
        assertFalse(store.find(hash).isPresent());
        assertFalse(store.knownUnknown(hash));
    }

    @Test
    void evictingAUserDropsEveryEntryOfThatUserAndNoOther() {
        String user = "u-" + unique();
        String first = unique();
        String second = unique();
        String other = unique();
        store.put(first, new Caller(user, "n", "k1", false, Map.of(), Limits.NONE), Duration.ofSeconds(60), store.epoch());
        store.put(second, new Caller(user, "n", "k2", false, Map.of(), Limits.NONE), Duration.ofSeconds(60), store.epoch());
        store.put(other, new Caller("u-" + unique(), "m", "k3", false, Map.of(), Limits.NONE), Duration.ofSeconds(60), store.epoch());
        long indexTtl = TestRedis.store().secondsToLive("moe:user-keys:" + user).orElseThrow();
        assertTrue(indexTtl > 3600, "the index outlives its entries: " + indexTtl);
        store.evictUser(user);
        assertFalse(store.find(first).isPresent());
        assertFalse(store.find(second).isPresent());
        assertTrue(store.find(other).isPresent());
    }

    @Test
    void anUnknownHashIsForgottenWhenItsKeyIsCreated() {
        String hash = unique();
        store.putUnknown(hash, Duration.ofSeconds(30), store.epoch());
        assertTrue(store.knownUnknown(hash));
        store.keyCreated(hash);
        assertFalse(store.knownUnknown(hash));
    }
}
