package io.moe.infrastructure.redis;

import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.params.SetParams;

import java.net.URI;
import java.time.Duration;
import java.util.Optional;

/**
 * Values and counters that expire, kept in Redis. Connections come from a pool and are opened on
 * first use, so the service starts even while Redis is still coming up.
 */
public final class RedisStore implements AutoCloseable {

    private final JedisPooled redis;

    public RedisStore(String url) {
        this.redis = new JedisPooled(URI.create(url));
    }

    /** Stores {@code value} under {@code key} for {@code ttl} (SET … EX). */
    public void put(String key, String value, Duration ttl) {
        redis.set(key, value, SetParams.setParams().ex(Math.max(1, ttl.toSeconds())));
    }

    public Optional<String> get(String key) {
        return Optional.ofNullable(redis.get(key));
    }

    /** Seconds until {@code key} expires; empty when it does not exist or never expires. */
    public Optional<Long> secondsToLive(String key) {
        long ttl = redis.ttl(key);
        return ttl < 0 ? Optional.empty() : Optional.of(ttl);
    }

    /** Adds {@code by} to the counter at {@code key}, starting its expiry on first use; returns the new value. */
    public long increment(String key, long by, Duration ttl) {
        long value = redis.incrBy(key, by);
        if (value == by) {
            redis.expire(key, Math.max(1, ttl.toSeconds()));
        }
        return value;
    }

    public void delete(String... keys) {
        if (keys.length > 0) {
            redis.del(keys);
        }
    }

    public void addToSet(String key, String member, Duration ttl) {
        redis.sadd(key, member);
        redis.expire(key, Math.max(1, ttl.toSeconds()));
    }

    public java.util.Set<String> members(String key) {
        return redis.smembers(key);
    }

    /** Runs a Lua script atomically on the server (EVAL); {@code keys} and {@code args} as Redis expects. */
    public Object eval(String script, java.util.List<String> keys, java.util.List<String> args) {
        return redis.eval(script, keys, args);
    }

    public boolean ping() {
        return "PONG".equals(redis.ping());
    }

    @Override
    public void close() {
        redis.close();
    }
}
