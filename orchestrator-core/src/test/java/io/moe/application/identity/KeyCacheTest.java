package io.moe.application.identity;

import io.moe.domain.shared.Refusal.Kind;

import io.moe.domain.identity.Caller;
import io.moe.domain.identity.Limits;
import io.moe.infrastructure.redis.TestRedis;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The key cache against a real Redis: what a lookup that raced a change may and may not write; and, with
 * the store down, that lookups fall through to the database while changes are refused.
 */
class KeyCacheTest {

    private static KeyCache cache() {
        KeyCache cache = new KeyCache();
        cache.store = TestRedis.keyCacheStore();
        cache.unknownKeySeconds = 30;
        return cache;
    }

    private static Caller caller(String userId) {
        return new Caller(userId, "name-" + userId, "key-" + userId, false, Map.of(), Limits.NONE);
    }

    private static String unique() {
        return UUID.randomUUID().toString().replace("-", "");
    }

    @Test
    void aCallerIsCachedWhenNothingChangedDuringItsLookup() {
        KeyCache cache = cache();
        String hash = unique();
        cache.put(hash, caller("u1"), Duration.ofSeconds(60), cache.epoch());
        assertTrue(cache.get(hash).isPresent());
    }

    @Test
    void aLookupThatStartedBeforeARevocationCannotCacheTheOldIdentity() {
        KeyCache cache = cache();
        String hash = unique();
        String userId = unique();
        long epochBeforeTheDatabaseRead = cache.epoch();
        cache.evictUser(userId); // the revocation commits and evicts while the lookup is still reading
        cache.put(hash, caller(userId), Duration.ofSeconds(60), epochBeforeTheDatabaseRead);
        assertFalse(cache.get(hash).isPresent(), "the identity read before the revocation is not cached");
    }

    @Test
    void anUnknownHashIsRememberedUntilAKeyWithThatHashIsCreated() {
        KeyCache cache = cache();
        String hash = unique();
        cache.putUnknown(hash, cache.epoch());
        assertTrue(cache.knownUnknown(hash), "the database need not be asked again");
        cache.keyCreated(hash);
        assertFalse(cache.knownUnknown(hash), "a new key with this hash is not refused from a stale entry");
    }

    @Test
    void aLookupThatRacedTheCreationOfItsKeyCannotMarkItUnknown() {
        KeyCache cache = cache();
        String hash = unique();
        long epochBeforeTheDatabaseRead = cache.epoch();
        cache.keyCreated(hash);
        cache.putUnknown(hash, epochBeforeTheDatabaseRead);
        assertFalse(cache.knownUnknown(hash));
    }

    private static KeyCache cacheWithTheStoreDown() {
        KeyCache cache = new KeyCache();
        cache.store = (KeyCacheStore) Proxy.newProxyInstance(KeyCacheStore.class.getClassLoader(),
                new Class<?>[] {KeyCacheStore.class}, (proxy, method, args) -> {
                    throw new IllegalStateException("connection refused");
                });
        cache.unknownKeySeconds = 30;
        return cache;
    }

    @Test
    void withTheStoreDownLookupsFallThroughToTheDatabaseAndNothingIsCached() {
        KeyCache cache = cacheWithTheStoreDown();
        assertEquals(KeyCache.NO_EPOCH, cache.epoch());
        assertFalse(cache.get("h").isPresent());
        assertFalse(cache.knownUnknown("h"));
        cache.put("h", caller("u1"), Duration.ofSeconds(60), 0);
        cache.putUnknown("h", 0);
    }

    @Test
    void withTheStoreDownAChangeIsRefusedSoThatNoRevokedKeyStaysCached() {
        KeyCache cache = cacheWithTheStoreDown();
        for (Runnable change : new Runnable[] {() -> cache.evictUser("u1"), () -> cache.evictKey("h"), () -> cache.keyCreated("h")}) {
            IdentityException e = assertThrows(IdentityException.class, change::run);
            assertEquals(Kind.UNAVAILABLE, e.kind());
        }
    }

    @Test
    void anEvictionAfterACommitThatFailsIsTriedAgainUntilTheStoreTakesIt() throws Exception {
        java.util.concurrent.atomic.AtomicInteger attempts = new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.CountDownLatch evicted = new java.util.concurrent.CountDownLatch(1);
        KeyCache cache = new KeyCache();
        cache.store = (KeyCacheStore) Proxy.newProxyInstance(KeyCacheStore.class.getClassLoader(),
                new Class<?>[] {KeyCacheStore.class}, (proxy, method, args) -> {
                    if (!method.getName().equals("evictUser")) {
                        throw new UnsupportedOperationException(method.getName());
                    }
                    if (attempts.incrementAndGet() <= 2) {
                        throw new IllegalStateException("Redis timed out");
                    }
                    evicted.countDown();
                    return null;
                });
        java.util.concurrent.ScheduledThreadPoolExecutor retries = new java.util.concurrent.ScheduledThreadPoolExecutor(1) {
            @Override
            public java.util.concurrent.ScheduledFuture<?> schedule(Runnable command, long delay, java.util.concurrent.TimeUnit unit) {
                return super.schedule(command, 0, unit); // the 2 s between attempts, left out
            }
        };
        cache.retries = retries;
        try {
            cache.evictUserAfterCommit("u1"); // the commit is made: the failure is not thrown at the caller

            assertTrue(evicted.await(30, java.util.concurrent.TimeUnit.SECONDS), "evicted in the end");
            assertEquals(3, attempts.get());
        } finally {
            retries.shutdownNow();
        }
    }
}
