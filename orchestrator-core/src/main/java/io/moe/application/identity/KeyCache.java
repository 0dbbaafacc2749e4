package io.moe.application.identity;

import io.moe.domain.identity.Caller;
import io.moe.domain.identity.Limits;
import io.moe.domain.identity.ResourceType;
import io.moe.infrastructure.redis.RedisStore;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.io.StringReader;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.logging.Logger;

/**
 * The shared key cache of the spec (Authentication §3): one Redis entry per key hash with user_id,
 * username, is_active, permissions_json and budget_* for 300 s, and an index of each user's cached
 * hashes so a revocation, deactivation, permission or budget change drops them at once — on every
 * server instance that shares the Redis. If Redis is unreachable, lookups fall through to the database.
 *
 * <p>Hashes that name no key at all are remembered briefly ({@code moe.security.unknown-key-cache-seconds})
 * so that invalid keys do not reach the database on every request. Every change that affects key checking
 * (eviction, revocation, a new key) advances one shared epoch, and an entry is written only if the epoch
 * is still the one read before its database lookup: a lookup that raced a change can never re-cache the
 * state of before the change (no stale identity, no stale "unknown").
 */
@ApplicationScoped
public class KeyCache {

    static final Duration TTL = Duration.ofSeconds(300);
    /** The epoch value meaning "could not be read": nothing is cached under it. */
    static final long NO_EPOCH = -1;
    private static final Logger LOG = Logger.getLogger(KeyCache.class.getName());
    private static final String EPOCH = "moe:key-cache:epoch";
    /** KEYS: epoch, entry[, user index]; ARGV: expected epoch, value, ttl seconds[, member, index ttl]. */
    private static final String PUT_IF_EPOCH = """
            if (redis.call('GET', KEYS[1]) or '0') ~= ARGV[1] then return 0 end
            redis.call('SET', KEYS[2], ARGV[2], 'EX', ARGV[3])
            if KEYS[3] then
              redis.call('SADD', KEYS[3], ARGV[4])
              redis.call('EXPIRE', KEYS[3], ARGV[5])
            end
            return 1""";

    @Inject
    RedisStore redis;

    @Inject
    @ConfigProperty(name = "moe.security.unknown-key-cache-seconds")
    long unknownKeySeconds;

    /** The current epoch, to read before a database lookup whose result may be cached; {@link #NO_EPOCH} if unknown. */
    public long epoch() {
        try {
            return redis.get(EPOCH).map(Long::parseLong).orElse(0L);
        } catch (RuntimeException e) {
            LOG.warning(() -> "Key cache unavailable, not caching: " + e.getMessage());
            return NO_EPOCH;
        }
    }

    /** Whether {@code keyHash} was recently found to name no key (so the database need not be asked again). */
    public boolean knownUnknown(String keyHash) {
        try {
            return redis.get(unknown(keyHash)).isPresent();
        } catch (RuntimeException e) {
            return false;
        }
    }

    /** Remembers for a short while that no key has this hash, unless a change happened since {@code epoch}. */
    public void putUnknown(String keyHash, long epoch) {
        if (epoch == NO_EPOCH || unknownKeySeconds <= 0) {
            return;
        }
        try {
            redis.eval(PUT_IF_EPOCH, List.of(EPOCH, unknown(keyHash)),
                    List.of(Long.toString(epoch), "1", Long.toString(unknownKeySeconds)));
        } catch (RuntimeException e) {
            LOG.warning(() -> "Key cache unavailable, not caching: " + e.getMessage());
        }
    }

    public Optional<Caller> get(String keyHash) {
        try {
            return redis.get(entry(keyHash)).map(KeyCache::read);
        } catch (RuntimeException e) {
            LOG.warning(() -> "Key cache unavailable, checking the database: " + e.getMessage());
            return Optional.empty();
        }
    }

    /**
     * Caches the caller of a key for {@code ttl} (at most 300 s; less for a key about to expire), unless a
     * change happened since {@code epoch} was read (then the next request simply reads the database again).
     */
    public void put(String keyHash, Caller caller, Duration ttl, long epoch) {
        if (ttl.isNegative() || ttl.isZero() || epoch == NO_EPOCH) {
            return;
        }
        try {
            redis.eval(PUT_IF_EPOCH, List.of(EPOCH, entry(keyHash), userIndex(caller.userId())),
                    List.of(Long.toString(epoch), write(caller).toString(), Long.toString(Math.max(1, ttl.toSeconds())),
                            keyHash, Long.toString(TTL.plusSeconds(60).toSeconds())));
        } catch (RuntimeException e) {
            LOG.warning(() -> "Key cache unavailable, not caching: " + e.getMessage());
        }
    }

    /**
     * Drops every cached entry of the user; the next request reloads them from the database. When Redis
     * cannot be reached this fails with 503, so the caller's transaction rolls back: a change that could
     * not reach the cache is not made, and no revoked key stays usable from a stale entry.
     */
    public void evictUser(String userId) {
        try {
            redis.increment(EPOCH);
            Set<String> hashes = redis.members(userIndex(userId));
            String[] keys = hashes.stream().map(KeyCache::entry).toArray(String[]::new);
            redis.delete(keys);
            redis.delete(userIndex(userId));
        } catch (RuntimeException e) {
            throw unavailable(e);
        }
    }

    public void evictKey(String keyHash) {
        try {
            redis.increment(EPOCH);
            redis.delete(entry(keyHash));
        } catch (RuntimeException e) {
            throw unavailable(e);
        }
    }

    /**
     * A key with this hash now exists: forgets that it was unknown, and stops lookups already under way
     * from writing "unknown" again. Fails with 503 like an eviction when Redis cannot be reached.
     */
    public void keyCreated(String keyHash) {
        try {
            redis.increment(EPOCH);
            redis.delete(unknown(keyHash));
        } catch (RuntimeException e) {
            throw unavailable(e);
        }
    }

    private static IdentityException unavailable(RuntimeException e) {
        LOG.warning(() -> "Key cache unavailable during a change: " + e.getMessage());
        return new IdentityException(503, "cache_unavailable", null,
                "the key cache (Redis) cannot be reached, so the change was not made; retry when it is back");
    }

    private static String entry(String keyHash) {
        return "moe:key:" + keyHash;
    }

    private static String unknown(String keyHash) {
        return "moe:key-unknown:" + keyHash;
    }

    private static String userIndex(String userId) {
        return "moe:user-keys:" + userId;
    }

    static JsonObject write(Caller c) {
        JsonObjectBuilder permissions = Json.createObjectBuilder();
        c.grants().forEach((type, ids) -> {
            JsonArrayBuilder list = Json.createArrayBuilder();
            ids.forEach(list::add);
            permissions.add(type.wireName(), list);
        });
        JsonObjectBuilder o = Json.createObjectBuilder().add("user_id", c.userId()).add("username", c.username())
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
        JsonObject o = Json.createReader(new StringReader(json)).readObject();
        JsonObject permissions = Json.createReader(new StringReader(o.getString("permissions_json"))).readObject();
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
