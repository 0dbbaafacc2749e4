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

import java.io.StringReader;
import java.time.Duration;
import java.util.EnumMap;
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
 */
@ApplicationScoped
public class KeyCache {

    static final Duration TTL = Duration.ofSeconds(300);
    private static final Logger LOG = Logger.getLogger(KeyCache.class.getName());

    @Inject
    RedisStore redis;

    public Optional<Caller> get(String keyHash) {
        try {
            return redis.get(entry(keyHash)).map(KeyCache::read);
        } catch (RuntimeException e) {
            LOG.warning(() -> "Key cache unavailable, checking the database: " + e.getMessage());
            return Optional.empty();
        }
    }

    /** Caches the caller of a key for {@code ttl} (at most 300 s; less for a key about to expire). */
    public void put(String keyHash, Caller caller, Duration ttl) {
        if (ttl.isNegative() || ttl.isZero()) {
            return;
        }
        try {
            redis.put(entry(keyHash), write(caller).toString(), ttl);
            redis.addToSet(userIndex(caller.userId()), keyHash, TTL.plusSeconds(60));
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
            redis.delete(entry(keyHash));
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
