package io.moe.infrastructure.redis;

import io.moe.application.overview.Monitoring;
import io.moe.infrastructure.stores.Outage;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import redis.clients.jedis.AbstractPipeline;
import redis.clients.jedis.ConnectionPoolConfig;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.Response;
import redis.clients.jedis.StreamEntryID;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.params.XAutoClaimParams;
import redis.clients.jedis.params.XReadGroupParams;
import redis.clients.jedis.resps.StreamEntry;
import redis.clients.jedis.params.SetParams;

import java.net.URI;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiFunction;
import java.util.function.Supplier;

/**
 * Values and counters that expire, kept in Redis. Connections come from a pool and are opened on
 * first use, so the service starts even while Redis is still coming up. A call waits at most
 * {@code moe.redis.timeout-ms} for Redis. An operation that could not reach Redis or got no answer in time opens the
 * store's circuit breaker ({@link Outage}): then every operation fails at once with a {@link JedisConnectionException},
 * and a {@code PING} of its own, sent in the background every {@link #RETRY_EVERY}, closes it once answered — a hung
 * Redis costs the first operation its timeout, no request after it. The health probe ({@link #ping}), the invalidation
 * listener ({@link #subscribe}) and the stream reads of background readers ({@link #readGroup}, {@link #claimIdle},
 * {@link #acknowledge}) are not behind the breaker.
 */
@ApplicationScoped
public class RedisStore implements AutoCloseable {

    /** The time between two trials while Redis is not answering. */
    static final Duration RETRY_EVERY = Duration.ofSeconds(2);
    /** How often a stream read that waits for new entries asks again ({@link #readGroup}). */
    static final Duration POLL_EVERY = Duration.ofMillis(100);

    /**
     * Connections when {@code moe.redis.pool-size} is not set: the client's own default. 32 was measured against it on
     * two cores with the benchmark's native pass-through at concurrency 64: 386 and 419 requests/s against 521.
     */
    public static final int DEFAULT_POOL_SIZE = 8;

    /** Adds to a counter and starts its expiry when it has none, in one step ({@link #increment(String, long, Duration)}). */
    private static final String INCREMENT_EXPIRING = "local v = redis.call('INCRBY', KEYS[1], ARGV[1]) "
            + "if redis.call('TTL', KEYS[1]) < 0 then redis.call('EXPIRE', KEYS[1], ARGV[2]) end return v";

    private final JedisPooled redis;
    private final Outage outage;
    /** Each script's SHA-1, the name EVALSHA calls it by (a handful of constant scripts). */
    private final java.util.Map<String, String> scriptDigests = new java.util.concurrent.ConcurrentHashMap<>();

    /** For the container's proxy only. */
    protected RedisStore() {
        this.redis = null;
        this.outage = null;
    }

    public RedisStore(String url) {
        this(url, 1_000);
    }

    public RedisStore(String url, int timeoutMillis) {
        this(url, timeoutMillis, DEFAULT_POOL_SIZE);
    }

    /**
     * At most {@code poolSize} connections (one of them held by the key cache's listener);
     * a call that finds them all in use waits at most {@code timeoutMillis} for one, then fails without opening the
     * breaker (Redis answered; this node is busy).
     */
    @Inject
    public RedisStore(@ConfigProperty(name = "moe.redis.url", defaultValue = "redis://127.0.0.1:16379") String url,
                      @ConfigProperty(name = "moe.redis.timeout-ms", defaultValue = "1000") int timeoutMillis,
                      @ConfigProperty(name = "moe.redis.pool-size", defaultValue = "" + DEFAULT_POOL_SIZE) int poolSize) {
        ConnectionPoolConfig pool = new ConnectionPoolConfig();
        pool.setMaxTotal(poolSize);
        pool.setMaxIdle(poolSize);
        pool.setMaxWait(Duration.ofMillis(timeoutMillis));
        this.redis = new JedisPooled(pool, URI.create(url), timeoutMillis);
        this.outage = new Outage("Redis", RETRY_EVERY, Duration.ofMillis(Math.max(2 * timeoutMillis, 2_000)),
                () -> CompletableFuture.supplyAsync(this::ping), JedisConnectionException::new);
    }

    /** The breaker that refuses operations while Redis does not answer: its state and how often it opened. */
    public Monitoring.Breaker breaker() {
        return outage.breaker();
    }

    /** Runs one operation behind the breaker: a connection failure or timeout opens it, any answer (an error too) closes it. */
    private <T> T guarded(Supplier<T> operation) {
        outage.admit();
        try {
            T result = operation.get();
            outage.answered();
            return result;
        } catch (JedisConnectionException e) {
            outage.failed(Outage.describe(e));
            throw e;
        } catch (JedisDataException e) {
            outage.answered();
            throw e;
        }
    }

    private void guarded(Runnable operation) {
        guarded(() -> {
            operation.run();
            return null;
        });
    }

    /** Sends {@code message} to every subscriber of {@code channel} (PUBLISH). */
    public void publish(String channel, String message) {
        guarded(() -> redis.publish(channel, message));
    }

    /** Listens on {@code channel} on a connection of its own until {@code listener} unsubscribes or the connection fails. */
    public void subscribe(redis.clients.jedis.JedisPubSub listener, String channel) {
        redis.subscribe(listener, channel);
    }

    /** Stores {@code value} under {@code key} for {@code ttl} (SET … EX). */
    public void put(String key, String value, Duration ttl) {
        guarded(() -> redis.set(key, value, SetParams.setParams().ex(Math.max(1, ttl.toSeconds()))));
    }

    public Optional<String> get(String key) {
        return guarded(() -> Optional.ofNullable(redis.get(key)));
    }

    /** Seconds until {@code key} expires; empty when it does not exist or never expires. */
    public Optional<Long> secondsToLive(String key) {
        long ttl = guarded(() -> redis.ttl(key));
        return ttl < 0 ? Optional.empty() : Optional.of(ttl);
    }

    /** Adds one to the counter at {@code key}, which never expires (INCR); returns the new value. */
    public long increment(String key) {
        return guarded(() -> redis.incr(key));
    }

    /**
     * Adds {@code by} to the counter at {@code key} and starts its expiry when it has none, in one step; returns the new
     * value. (Two commands could leave a counter without expiry for good: a throttle that never lets go.)
     */
    public long increment(String key, long by, Duration ttl) {
        return ((Number) eval(INCREMENT_EXPIRING, java.util.List.of(key), java.util.List.of(Long.toString(by),
                Long.toString(Math.max(1, ttl.toSeconds()))))).longValue();
    }


    public void delete(String... keys) {
        if (keys.length > 0) {
            guarded(() -> redis.del(keys));
        }
    }

    public void addToSet(String key, String member, Duration ttl) {
        guarded(() -> {
            redis.sadd(key, member);
            redis.expire(key, Math.max(1, ttl.toSeconds()));
        });
    }

    public java.util.Set<String> members(String key) {
        return guarded(() -> redis.smembers(key));
    }

    /**
     * Runs a Lua script atomically on the server; {@code keys} and {@code args} as Redis expects. The script is sent by
     * its SHA-1 (EVALSHA), not its text (about 1 KB for an admission): only when Redis does not know it yet (a new or
     * restarted Redis, SCRIPT FLUSH) does the call go again as EVAL, which also makes Redis keep it.
     */
    public Object eval(String script, java.util.List<String> keys, java.util.List<String> args) {
        String sha = scriptDigests.computeIfAbsent(script, RedisStore::sha1);
        return guarded(() -> {
            try {
                return redis.evalsha(sha, keys, args);
            } catch (JedisDataException e) {
                if (e.getMessage() == null || !e.getMessage().startsWith("NOSCRIPT")) {
                    throw e;
                }
                return redis.eval(script, keys, args);
            }
        });
    }

    private static String sha1(String script) {
        try {
            return java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-1")
                    .digest(script.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-1 is a standard algorithm of every Java runtime", e);
        }
    }

    /** Adds {@code by} to the field of a hash (HINCRBY). */
    public long hashIncrement(String key, String field, long by) {
        return guarded(() -> redis.hincrBy(key, field, by));
    }

    /** Sets one field of a hash (HSET) and the hash's expiry. */
    public void hashPut(String key, String field, String value, Duration ttl) {
        guarded(() -> {
            redis.hset(key, field, value);
            redis.expire(key, Math.max(1, ttl.toSeconds()));
        });
    }

    public java.util.Map<String, String> hash(String key) {
        return guarded(() -> redis.hgetAll(key));
    }

    /**
     * The given fields of several hashes in one round trip (pipelined HMGET): per key, in the order given, the fields'
     * values in the order given, null for a field the hash does not have.
     */
    public java.util.List<java.util.List<String>> hashFields(java.util.List<String> keys, String... fields) {
        return pipelined(keys, (pipeline, key) -> pipeline.hmget(key, fields));
    }

    /** The {@code n} newest entries of several lists built by {@link #pushCapped} in one round trip (pipelined LRANGE), per key. */
    public java.util.List<java.util.List<String>> newest(java.util.List<String> keys, int n) {
        return pipelined(keys, (pipeline, key) -> pipeline.lrange(key, 0, n - 1L));
    }

    /** One {@code command} per key, sent together and answered together: one round trip; the answers in the order of the keys. */
    private <T> java.util.List<T> pipelined(java.util.List<String> keys, BiFunction<AbstractPipeline, String, Response<T>> command) {
        return guarded(() -> {
            try (AbstractPipeline pipeline = redis.pipelined()) {
                java.util.List<Response<T>> answers = new java.util.ArrayList<>(keys.size());
                for (String key : keys) {
                    answers.add(command.apply(pipeline, key));
                }
                pipeline.sync();
                return answers.stream().map(Response::get).toList();
            }
        });
    }

    /** The {@code n} highest-scored members of a sorted set with their scores, best first. */
    public java.util.List<java.util.Map.Entry<String, Double>> top(String key, int n) {
        return guarded(() -> redis.zrevrangeWithScores(key, 0, n - 1L).stream()
                .map(t -> java.util.Map.entry(t.getElement(), t.getScore())).toList());
    }

    /** Puts {@code value} at the head of a list and keeps only its {@code keep} newest entries. */
    public void pushCapped(String key, String value, int keep) {
        guarded(() -> {
            redis.lpush(key, value);
            redis.ltrim(key, 0, keep - 1L);
        });
    }

    /** The oldest entry of a list built by LPUSH (its tail), left in the list; null when it is empty. */
    public String oldest(String key) {
        return guarded(() -> redis.lindex(key, -1));
    }

    public java.util.List<String> newest(String key, int n) {
        return guarded(() -> redis.lrange(key, 0, n - 1L));
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
     *
     * <p>The wait is a poll ({@link #POLL_EVERY}), not XREADGROUP's BLOCK: the client reads a blocking command's answer
     * without a socket timeout, so a Redis that vanished without closing the connection (a host gone, a NAT forgetting
     * it) would hold the reader until TCP keep-alive gives up, hours later.
     */
    public java.util.List<StreamItem> readGroup(String key, String group, String consumer, int max, Duration block,
                                                boolean unacknowledged) {
        long deadline = System.nanoTime() + block.toNanos();
        while (true) {
            java.util.List<StreamItem> items = readGroupOnce(key, group, consumer, max, unacknowledged);
            long left = deadline - System.nanoTime();
            if (!items.isEmpty() || unacknowledged || left <= 0) {
                return items;
            }
            try {
                Thread.sleep(Math.max(1, Math.min(POLL_EVERY.toMillis(), java.util.concurrent.TimeUnit.NANOSECONDS.toMillis(left))));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return items;
            }
        }
    }

    private java.util.List<StreamItem> readGroupOnce(String key, String group, String consumer, int max, boolean unacknowledged) {
        var params = XReadGroupParams.xReadGroupParams().count(max);
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
        outage.close();
        redis.close();
    }
}
