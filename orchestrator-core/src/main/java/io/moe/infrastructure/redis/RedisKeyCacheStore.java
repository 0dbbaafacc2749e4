package io.moe.infrastructure.redis;

import io.moe.application.identity.KeyCache;
import io.moe.application.identity.KeyCacheStore;
import io.moe.domain.identity.Caller;
import io.moe.domain.identity.Limits;
import io.moe.domain.identity.ResourceType;
import io.moe.domain.shared.Jsonp;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

import java.time.Duration;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.logging.Logger;

import redis.clients.jedis.JedisPubSub;

/**
 * The key cache in Redis, in the layout of the spec (Authentication §3): {@code moe:key:<hash>} holds the
 * caller as JSON (user_id, username, is_active, permissions_json, budget_*), {@code moe:user-keys:<user>}
 * the set of a user's cached hashes, {@code moe:key-unknown:<hash>} marks a hash that names no key, and
 * {@code moe:key-cache:epoch} counts changes. Conditional writes are one Lua script that compares the epoch.
 */
@ApplicationScoped
public class RedisKeyCacheStore implements KeyCacheStore {

    /** A user's index outlives every entry it lists. */
    static final Duration INDEX_TTL = KeyCache.LAST_KNOWN.plusSeconds(60);
    private static final String EPOCH = "moe:key-cache:epoch";
    /** Every change is also published here, so each node can drop what it keeps in memory. */
    static final String CHANGES = "moe:key-cache:changes";
    private static final long RESUBSCRIBE_MILLIS = 1000;
    /** How often the subscription is pinged. */
    static final Duration HEARTBEAT = Duration.ofSeconds(2);
    /** How long the subscription may hear nothing (no message, no pong) before this node stops trusting its memory. */
    static final Duration SILENCE = Duration.ofSeconds(5);
    private static final Logger LOG = Logger.getLogger(RedisKeyCacheStore.class.getName());
    /** KEYS: epoch, entry[, user index]; ARGV: expected epoch, value, ttl seconds[, member, index ttl]. */
    private static final String PUT_IF_EPOCH = """
            if (redis.call('GET', KEYS[1]) or '0') ~= ARGV[1] then return 0 end
            redis.call('SET', KEYS[2], ARGV[2], 'EX', ARGV[3])
            if KEYS[3] then
              redis.call('SADD', KEYS[3], ARGV[4])
              redis.call('EXPIRE', KEYS[3], ARGV[5])
            end
            if KEYS[4] then redis.call('SET', KEYS[4], ARGV[2], 'EX', ARGV[6]) end
            return 1""";

    @Inject
    RedisStore redis;

    @Resource(lookup = "java:comp/DefaultManagedThreadFactory")
    ManagedThreadFactory threads;

    private volatile boolean stopped;
    private volatile Subscription subscription;

    @Override
    public long epoch() {
        return redis.get(EPOCH).map(Long::parseLong).orElse(0L);
    }

    @Override
    public Optional<Caller> find(String keyHash) {
        return redis.get(entry(keyHash)).map(RedisKeyCacheStore::read);
    }

    @Override
    public void put(String keyHash, Caller caller, Duration ttl, Duration lastKnownTtl, long epoch) {
        // the user's index outlives both copies (INDEX_TTL), so that every eviction finds them
        redis.eval(PUT_IF_EPOCH, List.of(EPOCH, entry(keyHash), userIndex(caller.userId()), lastKnownEntry(keyHash)),
                List.of(Long.toString(epoch), write(caller).toString(), seconds(ttl), keyHash, seconds(INDEX_TTL), seconds(lastKnownTtl)));
    }

    @Override
    public Optional<Caller> lastKnown(String keyHash) {
        return redis.get(lastKnownEntry(keyHash)).map(RedisKeyCacheStore::read);
    }

    @Override
    public boolean knownUnknown(String keyHash) {
        return redis.get(unknown(keyHash)).isPresent();
    }

    @Override
    public void putUnknown(String keyHash, Duration ttl, long epoch) {
        redis.eval(PUT_IF_EPOCH, List.of(EPOCH, unknown(keyHash)), List.of(Long.toString(epoch), "1", seconds(ttl)));
    }

    @Override
    public void evictUser(String userId) {
        long epoch = redis.increment(EPOCH);
        Set<String> hashes = redis.members(userIndex(userId));
        redis.delete(hashes.stream().flatMap(h -> java.util.stream.Stream.of(entry(h), lastKnownEntry(h))).toArray(String[]::new));
        redis.delete(userIndex(userId));
        redis.publish(CHANGES, Long.toString(epoch));
    }

    @Override
    public void evictKey(String keyHash) {
        long epoch = redis.increment(EPOCH);
        redis.delete(entry(keyHash), lastKnownEntry(keyHash));
        redis.publish(CHANGES, Long.toString(epoch));
    }

    @Override
    public void keyCreated(String keyHash) {
        long epoch = redis.increment(EPOCH);
        redis.delete(unknown(keyHash));
        redis.publish(CHANGES, Long.toString(epoch));
    }

    /**
     * Subscribes on a thread of its own, subscribing again a second after the connection broke; a second thread pings the
     * subscription every {@link #HEARTBEAT} ({@link Subscription#beat}).
     */
    @Override
    public synchronized void listen(ChangeListener listener) {
        java.util.concurrent.ThreadFactory factory = threads == null ? java.util.concurrent.Executors.defaultThreadFactory() : threads;
        Thread worker = factory.newThread(() -> subscribeUntilStopped(listener));
        worker.setName("moe-key-cache-changes");
        worker.setDaemon(true);
        worker.start();
        Thread heartbeat = factory.newThread(this::beatUntilStopped);
        heartbeat.setName("moe-key-cache-heartbeat");
        heartbeat.setDaemon(true);
        heartbeat.start();
    }

    private void beatUntilStopped() {
        while (!stopped) {
            try {
                Thread.sleep(HEARTBEAT.toMillis()); // the heartbeat's period, not a wait for a result
            } catch (InterruptedException e) {
                return;
            }
            Subscription current = subscription;
            if (current != null) {
                current.beat();
            }
        }
    }

    private void subscribeUntilStopped(ChangeListener listener) {
        while (!stopped) {
            Subscription current = new Subscription(listener);
            subscription = current;
            try {
                redis.subscribe(current, CHANGES);
            } catch (RuntimeException e) {
                LOG.fine(() -> "Key cache change stream broke: " + e.getMessage());
            } finally {
                listener.deaf();
            }
            if (!stopped) {
                try {
                    Thread.sleep(RESUBSCRIBE_MILLIS); // the back-off between two attempts, not a wait for a result
                } catch (InterruptedException e) {
                    return;
                }
            }
        }
    }

    @PreDestroy
    void stop() {
        stopped = true;
        Subscription current = subscription;
        if (current != null && current.isSubscribed()) {
            current.unsubscribe();
        }
    }

    /**
     * The subscription, and whether it still hears: the client reads a subscription without a socket timeout, so a Redis
     * that vanished without closing the connection (a host gone, a NAT forgetting it) would leave it listening to
     * nothing for hours, this node trusting what it keeps in memory while other nodes revoke keys. Every
     * {@link #HEARTBEAT} it sends a PING; when nothing (no message, no pong) came back for {@link #SILENCE} the listener
     * is told it is deaf, and told it listens again once something does.
     */
    private static final class Subscription extends JedisPubSub {
        private final ChangeListener listener;
        private volatile long heardAt = System.nanoTime();
        private volatile boolean silent;

        Subscription(ChangeListener listener) {
            this.listener = listener;
        }

        @Override
        public void onSubscribe(String channel, int subscribedChannels) {
            heard();
            listener.listening();
        }

        @Override
        public void onMessage(String channel, String message) {
            heard();
            listener.changed();
        }

        @Override
        public void onPong(String pattern) {
            heard();
        }

        private synchronized void heard() {
            heardAt = System.nanoTime();
            if (silent) {
                silent = false;
                listener.listening(); // what it missed meanwhile is forgotten with what it kept
            }
        }

        /** One step with {@link #heard}, so a pong arriving meanwhile cannot leave the listener deaf for good. */
        private synchronized void becomeDeafIfSilent() {
            if (!silent && System.nanoTime() - heardAt > SILENCE.toNanos()) {
                silent = true;
                LOG.warning("Key cache changes not heard for " + SILENCE.toSeconds() + " s; every key check asks Redis until they are");
                listener.deaf();
            }
        }

        void beat() {
            if (!isSubscribed()) {
                return;
            }
            becomeDeafIfSilent();
            try {
                ping();
            } catch (RuntimeException e) {
                LOG.fine(() -> "Key cache change stream not pinged: " + e.getMessage()); // the subscribe call ends with it
            }
        }
    }

    private static String seconds(Duration ttl) {
        return Long.toString(Math.max(1, ttl.toSeconds()));
    }

    private static String entry(String keyHash) {
        return "moe:key:" + keyHash;
    }

    /** The key's last known caller, kept for {@link KeyCache#LAST_KNOWN} for a database that does not answer. */
    private static String lastKnownEntry(String keyHash) {
        return "moe:key-last-known:" + keyHash;
    }

    private static String unknown(String keyHash) {
        return "moe:key-unknown:" + keyHash;
    }

    private static String userIndex(String userId) {
        return "moe:user-keys:" + userId;
    }

    static JsonObject write(Caller c) {
        JsonObjectBuilder permissions = Jsonp.createObjectBuilder();
        c.grants().forEach((type, ids) -> {
            JsonArrayBuilder list = Jsonp.createArrayBuilder();
            ids.forEach(list::add);
            permissions.add(type.wireName(), list);
        });
        JsonObjectBuilder o = Jsonp.createObjectBuilder().add("user_id", c.userId()).add("username", c.username())
                .add("api_key_id", c.apiKeyId()).add("is_active", 1).add("is_admin", c.admin() ? 1 : 0)
                .add("permissions_json", permissions.build().toString());
        limit(o, "budget_daily", c.limits().daily());
        limit(o, "budget_monthly", c.limits().monthly());
        limit(o, "budget_total", c.limits().total());
        return o.build();
    }

    private static void limit(JsonObjectBuilder o, String name, Long value) {
        if (value == null) {
            o.addNull(name);
        } else {
            o.add(name, value);
        }
    }

    static Caller read(String json) {
        JsonObject o = Jsonp.readObject(json);
        JsonObject permissions = Jsonp.readObject(o.getString("permissions_json"));
        Map<ResourceType, Set<String>> grants = new EnumMap<>(ResourceType.class);
        permissions.forEach((type, ids) -> ResourceType.fromWireName(type).ifPresent(t -> {
            Set<String> set = new HashSet<>();
            ids.asJsonArray().forEach(v -> set.add(((JsonString) v).getString()));
            grants.put(t, set);
        }));
        return new Caller(o.getString("user_id"), o.getString("username"), o.getString("api_key_id"),
                o.getInt("is_admin") == 1, grants,
                new Limits(number(o, "budget_daily"), number(o, "budget_monthly"), number(o, "budget_total")));
    }

    private static Long number(JsonObject o, String name) {
        JsonValue v = o.get(name);
        return v == null || v == JsonValue.NULL ? null : o.getJsonNumber(name).longValue();
    }
}
