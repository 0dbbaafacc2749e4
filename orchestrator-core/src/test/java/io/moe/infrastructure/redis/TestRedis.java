package io.moe.infrastructure.redis;

import io.moe.devservices.TestStores;

/** The Redis of the shared test stores, and this package's adapters wired to it, for tests in any package. */
public final class TestRedis {

    private static final RedisStore REDIS = new RedisStore(TestStores.shared().redisUrl());

    private TestRedis() {
    }

    public static RedisStore store() {
        return REDIS;
    }

    public static RedisKeyCacheStore keyCacheStore() {
        RedisKeyCacheStore adapter = new RedisKeyCacheStore();
        adapter.redis = REDIS;
        return adapter;
    }

    public static RedisSignInCounters signInCounters() {
        RedisSignInCounters adapter = new RedisSignInCounters();
        adapter.redis = REDIS;
        return adapter;
    }
}
