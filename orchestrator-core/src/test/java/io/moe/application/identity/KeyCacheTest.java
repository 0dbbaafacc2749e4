package io.moe.application.identity;

import io.moe.devservices.TestStores;
import io.moe.domain.identity.Caller;
import io.moe.domain.identity.Limits;
import io.moe.infrastructure.redis.RedisStore;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The key cache against a real Redis: what a lookup that raced a change may and may not write. */
class KeyCacheTest {

    private static final TestStores STORES = TestStores.shared();

    private static KeyCache cache() {
        KeyCache cache = new KeyCache();
        cache.redis = new RedisStore(STORES.redisUrl());
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
}
