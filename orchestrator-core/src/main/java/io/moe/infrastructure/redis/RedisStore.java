package io.moe.infrastructure.redis;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.faulttolerance.CircuitBreaker;

import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.StreamEntryID;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.params.XAutoClaimParams;
import redis.clients.jedis.params.XReadGroupParams;
import redis.clients.jedis.resps.StreamEntry;
import redis.clients.jedis.params.SetParams;

import java.net.URI;
import java.time.Duration;
import java.util.Optional;

/**
 * Values and counters that expire, kept in Redis. Connections come from a pool and are opened on
 * first use, so the service starts even while Redis is still coming up. A call waits at most
 * {@code moe.redis.timeout-ms} for Redis, and each operation has a circuit breaker (MicroProfile Fault
 * Tolerance): after three failures in four calls it fails at once for {@value #OPEN_MILLIS} ms, then lets one
 * call try again, so a hung Redis costs a request a few milliseconds instead of a timeout per call. The
 * health probe ({@link #ping}), the invalidation listener ({@link #subscribe}) and the stream reads of background
 * readers ({@link #readGroup}, {@link #claimIdle}, {@link #acknowledge}) have no breaker.
 */
@ApplicationScoped
public class RedisStore implements AutoCloseable {

    static final long OPEN_MILLIS = 5_000;

    private final JedisPooled redis;

    /** For the container's proxy only. */
    protected RedisStore() {
        this.redis = null;
    }

    public RedisStore(String url) {
        this(url, 1_000);
    }

    @Inject
    public RedisStore(@ConfigProperty(name = "moe.redis.url", defaultValue = "redis://127.0.0.1:16379") String url,
                      @ConfigProperty(name = "moe.redis.timeout-ms", defaultValue = "1000") int timeoutMillis) {
        this.redis = new JedisPooled(URI.create(url), timeoutMillis);
    }

    /** Sends {@code message} to every subscriber of {@code channel} (PUBLISH). */
    @CircuitBreaker(requestVolumeThreshold = 4, failureRatio = 0.75, delay = OPEN_MILLIS, successThreshold = 1)
    public void publish(String channel, String message) {
        redis.publish(channel, message);
    }

    /** Listens on {@code channel} on a connection of its own until {@code listener} unsubscribes or the connection fails. */
    public void subscribe(redis.clients.jedis.JedisPubSub listener, String channel) {
        redis.subscribe(listener, channel);
    }

    /** Stores {@code value} under {@code key} for {@code ttl} (SET … EX). */
    @CircuitBreaker(requestVolumeThreshold = 4, failureRatio = 0.75, delay = OPEN_MILLIS, successThreshold = 1)
    public void put(String key, String value, Duration ttl) {
        redis.set(key, value, SetParams.setParams().ex(Math.max(1, ttl.toSeconds())));
    }

    /** Stores {@code value} only when {@code key} does not exist (SET … NX EX); true when it was stored. */
    @CircuitBreaker(requestVolumeThreshold = 4, failureRatio = 0.75, delay = OPEN_MILLIS, successThreshold = 1)
    public boolean putIfAbsent(String key, String value, Duration ttl) {
        return "OK".equals(redis.set(key, value, SetParams.setParams().nx().ex(Math.max(1, ttl.toSeconds()))));
    }

    @CircuitBreaker(requestVolumeThreshold = 4, failureRatio = 0.75, delay = OPEN_MILLIS, successThreshold = 1)
    public Optional<String> get(String key) {
        return Optional.ofNullable(redis.get(key));
    }

    /** Seconds until {@code key} expires; empty when it does not exist or never expires. */
    @CircuitBreaker(requestVolumeThreshold = 4, failureRatio = 0.75, delay = OPEN_MILLIS, successThreshold = 1)
    public Optional<Long> secondsToLive(String key) {
        long ttl = redis.ttl(key);
        return ttl < 0 ? Optional.empty() : Optional.of(ttl);
    }

    /** Adds one to the counter at {@code key}, which never expires (INCR); returns the new value. */
    @CircuitBreaker(requestVolumeThreshold = 4, failureRatio = 0.75, delay = OPEN_MILLIS, successThreshold = 1)
    public long increment(String key) {
        return redis.incr(key);
    }

    /** Adds {@code by} to the counter at {@code key}, starting its expiry on first use; returns the new value. */
    @CircuitBreaker(requestVolumeThreshold = 4, failureRatio = 0.75, delay = OPEN_MILLIS, successThreshold = 1)
    public long increment(String key, long by, Duration ttl) {
        long value = redis.incrBy(key, by);
        if (value == by) {
            redis.expire(key, Math.max(1, ttl.toSeconds()));
        }
        return value;
    }

    @CircuitBreaker(requestVolumeThreshold = 4, failureRatio = 0.75, delay = OPEN_MILLIS, successThreshold = 1)
    public void delete(String... keys) {
        if (keys.length > 0) {
            redis.del(keys);
        }
    }

    @CircuitBreaker(requestVolumeThreshold = 4, failureRatio = 0.75, delay = OPEN_MILLIS, successThreshold = 1)
    public void addToSet(String key, String member, Duration ttl) {
        redis.sadd(key, member);
        redis.expire(key, Math.max(1, ttl.toSeconds()));
    }

    @CircuitBreaker(requestVolumeThreshold = 4, failureRatio = 0.75, delay = OPEN_MILLIS, successThreshold = 1)
    public java.util.Set<String> members(String key) {
        return redis.smembers(key);
    }

    /** Runs a Lua script atomically on the server (EVAL); {@code keys} and {@code args} as Redis expects. */
    @CircuitBreaker(requestVolumeThreshold = 4, failureRatio = 0.75, delay = OPEN_MILLIS, successThreshold = 1)
    public Object eval(String script, java.util.List<String> keys, java.util.List<String> args) {
        return redis.eval(script, keys, args);
    }

    /** Adds {@code by} to the field of a hash (HINCRBY). */
    @CircuitBreaker(requestVolumeThreshold = 4, failureRatio = 0.75, delay = OPEN_MILLIS, successThreshold = 1)
    public long hashIncrement(String key, String field, long by) {
        return redis.hincrBy(key, field, by);
    }

    /** Sets one field of a hash (HSET) and the hash's expiry. */
    @CircuitBreaker(requestVolumeThreshold = 4, failureRatio = 0.75, delay = OPEN_MILLIS, successThreshold = 1)
    public void hashPut(String key, String field, String value, Duration ttl) {
        redis.hset(key, field, value);
        redis.expire(key, Math.max(1, ttl.toSeconds()));
    }

    @CircuitBreaker(requestVolumeThreshold = 4, failureRatio = 0.75, delay = OPEN_MILLIS, successThreshold = 1)
    public java.util.Map<String, String> hash(String key) {
        return redis.hgetAll(key);
    }

    /** Adds {@code by} to the score of {@code member} in a sorted set (ZINCRBY). */
    @CircuitBreaker(requestVolumeThreshold = 4, failureRatio = 0.75, delay = OPEN_MILLIS, successThreshold = 1)
    public void rank(String key, String member, double by) {
        redis.zincrby(key, by, member);
    }

    /** The {@code n} highest-scored members of a sorted set with their scores, best first. */
    @CircuitBreaker(requestVolumeThreshold = 4, failureRatio = 0.75, delay = OPEN_MILLIS, successThreshold = 1)
    public java.util.List<java.util.Map.Entry<String, Double>> top(String key, int n) {
        return redis.zrevrangeWithScores(key, 0, n - 1L).stream()
                .map(t -> java.util.Map.entry(t.getElement(), t.getScore())).toList();
    }

    /** Puts {@code value} at the head of a list and keeps only its {@code keep} newest entries. */
    @CircuitBreaker(requestVolumeThreshold = 4, failureRatio = 0.75, delay = OPEN_MILLIS, successThreshold = 1)
    public void pushCapped(String key, String value, int keep) {
        redis.lpush(key, value);
        redis.ltrim(key, 0, keep - 1L);
    }

    /** Takes the oldest entry of a list built by {@link #pushCapped}; null when it is empty. */
    @CircuitBreaker(requestVolumeThreshold = 4, failureRatio = 0.75, delay = OPEN_MILLIS, successThreshold = 1)
    public String popOldest(String key) {
        return redis.rpop(key);
    }

    /** Puts an entry back as the oldest of the list. */
    @CircuitBreaker(requestVolumeThreshold = 4, failureRatio = 0.75, delay = OPEN_MILLIS, successThreshold = 1)
    public void pushOldest(String key, String value) {
        redis.rpush(key, value);
    }

    @CircuitBreaker(requestVolumeThreshold = 4, failureRatio = 0.75, delay = OPEN_MILLIS, successThreshold = 1)
    public java.util.List<String> newest(String key, int n) {
        return redis.lrange(key, 0, n - 1L);
    }

    /** One entry of a stream: its id and its fields. */
    public record StreamItem(String id, java.util.Map<String, String> fields) {

        static StreamItem of(StreamEntry entry) {
            return new StreamItem(entry.getID().toString(), entry.getFields() == null ? java.util.Map.of() : entry.getFields());
        }
    }

    /**
     * Entries of the stream {@code key} for {@code consumer} of {@code group} (XREADGROUP), at most {@code max}: those
     * never delivered, waiting at most {@code block} for the first, or with {@code unacknowledged} the ones delivered to
     * this consumer before and not acknowledged. Creates the group (reading from the stream's start) when it is missing.
     */
    public java.util.List<StreamItem> readGroup(String key, String group, String consumer, int max, Duration block,
                                                boolean unacknowledged) {
        var params = XReadGroupParams.xReadGroupParams().count(max);
        if (!unacknowledged) {
            params.block((int) block.toMillis());
        }
        var from = java.util.Map.of(key, unacknowledged ? new StreamEntryID()
                : StreamEntryID.XREADGROUP_UNDELIVERED_ENTRY);
        java.util.List<java.util.Map.Entry<String, java.util.List<StreamEntry>>> read;
        try {
            read = redis.xreadGroup(group, consumer, params, from);
        } catch (JedisDataException e) {
            createGroupWhenMissing(e, key, group);
            read = redis.xreadGroup(group, consumer, params, from);
        }
        java.util.List<StreamItem> items = new java.util.ArrayList<>();
        if (read != null) {
            read.forEach(stream -> stream.getValue().forEach(entry -> items.add(StreamItem.of(entry))));
        }
        return items;
    }

    /** Creates the group when {@code failure} says it is missing; rethrows any other failure. */
    private void createGroupWhenMissing(JedisDataException failure, String key, String group) {
        if (failure.getMessage() == null || !failure.getMessage().startsWith("NOGROUP")) {
            throw failure;
        }
        createGroup(key, group);
    }

    private void createGroup(String key, String group) {
        try {
            redis.xgroupCreate(key, group, new StreamEntryID(), true);
        } catch (JedisDataException e) {
            if (e.getMessage() == null || !e.getMessage().startsWith("BUSYGROUP")) {
                throw e;
            }
        }
    }

    /**
     * Hands to {@code consumer} at most {@code max} entries of {@code group} that another consumer took at least {@code idle}
     * ago and never acknowledged (XAUTOCLAIM), and removes consumers that hold nothing and were idle for {@code forgetAfter}.
     */
    public java.util.List<StreamItem> claimIdle(String key, String group, String consumer, Duration idle, int max,
                                                Duration forgetAfter) {
        java.util.List<StreamItem> items = new java.util.ArrayList<>();
        try {
            var claimed = redis.xautoclaim(key, group, consumer, idle.toMillis(), new StreamEntryID(),
                    XAutoClaimParams.xAutoClaimParams().count(max));
            claimed.getValue().forEach(entry -> items.add(StreamItem.of(entry)));
            for (var other : redis.xinfoConsumers(key, group)) {
                if (!other.getName().equals(consumer) && other.getPending() == 0 && other.getIdle() >= forgetAfter.toMillis()) {
                    redis.xgroupDelConsumer(key, group, other.getName());
                }
            }
        } catch (JedisDataException e) {
            createGroupWhenMissing(e, key, group);
        }
        return items;
    }

    /** Acknowledges entries of {@code group} and deletes them from the stream (XACK, XDEL). */
    public void acknowledge(String key, String group, java.util.List<String> ids) {
        if (ids.isEmpty()) {
            return;
        }
        var entryIds = ids.stream().map(StreamEntryID::new).toArray(StreamEntryID[]::new);
        redis.xack(key, group, entryIds);
        redis.xdel(key, entryIds);
    }

    public boolean ping() {
        return "PONG".equals(redis.ping());
    }

    @Override
    @PreDestroy
    public void close() {
        redis.close();
    }
}
