package io.moe.application.identity;

import io.moe.domain.shared.Refusal.Kind;

import io.moe.domain.identity.Caller;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.time.Duration;
import java.util.Optional;
import java.util.logging.Logger;

/**
 * The shared key cache of the spec (Authentication §3): the caller of each key hash for 300 s, kept in a
 * {@link KeyCacheStore} (Redis) with an index of each user's cached hashes, so a revocation, deactivation,
 * permission or budget change drops them at once — on every server instance that shares the store. If
 * the store is unreachable, lookups fall through to the database and changes are refused (503).
 *
 * <p>Hashes that name no key at all are remembered briefly ({@code moe.security.unknown-key-cache-seconds})
 * so that invalid keys do not reach the database on every request. Every change that affects key checking
 * (eviction, revocation, a new key) advances one shared epoch, and an entry is written only if the epoch
 * is still the one read before its database lookup: a lookup that raced a change can never re-cache the
 * state of before the change (no stale identity, no stale "unknown").
 */
@ApplicationScoped
public class KeyCache {

    /** The longest a caller stays cached. */
    public static final Duration TTL = Duration.ofSeconds(300);
    /** The epoch value meaning "could not be read": nothing is cached under it. */
    static final long NO_EPOCH = -1;
    private static final Logger LOG = Logger.getLogger(KeyCache.class.getName());

    @Inject
    KeyCacheStore store;

    @Inject
    @ConfigProperty(name = "moe.security.unknown-key-cache-seconds")
    long unknownKeySeconds;

    /** The current epoch, to read before a database lookup whose result may be cached; {@link #NO_EPOCH} if unknown. */
    public long epoch() {
        try {
            return store.epoch();
        } catch (RuntimeException e) {
            LOG.warning(() -> "Key cache unavailable, not caching: " + e.getMessage());
            return NO_EPOCH;
        }
    }

    /** Whether {@code keyHash} was recently found to name no key (so the database need not be asked again). */
    public boolean knownUnknown(String keyHash) {
        try {
            return store.knownUnknown(keyHash);
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
            store.putUnknown(keyHash, Duration.ofSeconds(unknownKeySeconds), epoch);
        } catch (RuntimeException e) {
            LOG.warning(() -> "Key cache unavailable, not caching: " + e.getMessage());
        }
    }

    public Optional<Caller> get(String keyHash) {
        try {
            return store.find(keyHash);
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
            store.put(keyHash, caller, ttl, epoch);
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
            store.evictUser(userId);
        } catch (RuntimeException e) {
            throw unavailable(e);
        }
    }

    public void evictKey(String keyHash) {
        try {
            store.evictKey(keyHash);
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
            store.keyCreated(keyHash);
        } catch (RuntimeException e) {
            throw unavailable(e);
        }
    }

    private static IdentityException unavailable(RuntimeException e) {
        LOG.warning(() -> "Key cache unavailable during a change: " + e.getMessage());
        return new IdentityException(Kind.UNAVAILABLE, "cache_unavailable", null,
                "the key cache (Redis) cannot be reached, so the change was not made; retry when it is back");
    }
}
