package io.moe.application.identity;

import io.moe.application.tracing.ThrottledWarning;
import io.moe.domain.shared.Failures;
import io.moe.domain.shared.Refusal.Kind;

import io.moe.domain.identity.Caller;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
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
 *
 * <p>In front of the store, each node keeps the callers it read in memory for at most
 * {@link #LOCAL_TTL}, so a key check on the hot path costs no network round trip. Every change is
 * also published by the store; the memory is used only while this node hears those changes (it is
 * emptied on each change, and not used at all while the stream of changes is broken), so a revocation
 * is effective on the next request on every node, as without it.
 */
@ApplicationScoped
public class KeyCache {

    /** The longest a caller stays cached. */
    public static final Duration TTL = Duration.ofSeconds(300);
    /**
     * The longest a key's last known caller is kept, for a database that does not answer ({@link #lastKnown}): keys in use
     * keep working through an outage of up to an hour, and no change can be made meanwhile (changes need the database).
     */
    public static final Duration LAST_KNOWN = Duration.ofHours(1);
    /** The epoch value meaning "could not be read": nothing is cached under it. */
    static final long NO_EPOCH = -1;
    private static final Logger LOG = Logger.getLogger(KeyCache.class.getName());
    /** Repeated by every key check while Redis is down: logged once per interval. */
    private static final ThrottledWarning UNAVAILABLE = new ThrottledWarning(LOG);

    /** The longest a caller read from the store stays in this node's memory. */
    public static final Duration LOCAL_TTL = Duration.ofSeconds(5);
    /** More entries than this empty the memory (it refills from the store). */
    static final int LOCAL_MAX = 10_000;

    @Inject
    KeyCacheStore store;

    /** Runs the evictions that failed after a commit again ({@link #evictUserAfterCommit}). */
    @Resource(lookup = "java:comp/DefaultManagedScheduledExecutorService")
    ScheduledExecutorService retries;

    /** The wait between two attempts at an eviction that failed after a commit. */
    static final Duration EVICTION_RETRY = Duration.ofSeconds(2);

    private final Map<String, Local> local = new ConcurrentHashMap<>();
    /** Advanced on every change heard or made here: a store read that began before it is not kept. */
    private final AtomicLong generation = new AtomicLong();
    private volatile boolean hearing;
    private final AtomicBoolean started = new AtomicBoolean();

    private record Local(Caller caller, long untilNanos) {
    }

    /** Starts hearing the changes of every node (once). */
    private void hearChanges() {
        if (started.compareAndSet(false, true)) {
            try {
                store.listen(new KeyCacheStore.ChangeListener() {
                    @Override
                    public void listening() {
                        forgetLocal();
                        hearing = true;
                    }

                    @Override
                    public void changed() {
                        forgetLocal();
                    }

                    @Override
                    public void deaf() {
                        hearing = false;
                        forgetLocal();
                    }
                });
            } catch (RuntimeException e) {
                LOG.warning(() -> "Key cache changes cannot be heard; every check asks the store: " + Failures.describe(e));
            }
        }
    }

    private void forgetLocal() {
        generation.incrementAndGet();
        local.clear();
    }

    @Inject
    @ConfigProperty(name = "moe.security.unknown-key-cache-seconds")
    long unknownKeySeconds;

    /** The current epoch, to read before a database lookup whose result may be cached; {@link #NO_EPOCH} if unknown. */
    public long epoch() {
        try {
            return store.epoch();
        } catch (RuntimeException e) {
            UNAVAILABLE.warn(() -> "Key cache unavailable, not caching: " + e.getMessage());
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
            UNAVAILABLE.warn(() -> "Key cache unavailable, not caching: " + e.getMessage());
        }
    }

    /**
     * The caller last read from the database for {@code keyHash}, kept up to {@link #LAST_KNOWN} and dropped by every
     * eviction: for a key in use while the database does not answer. Empty when the store cannot say either.
     */
    public Optional<Caller> lastKnown(String keyHash) {
        try {
            return store.lastKnown(keyHash);
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    public Optional<Caller> get(String keyHash) {
        hearChanges();
        if (hearing) {
            Local kept = local.get(keyHash);
            if (kept != null && kept.untilNanos() - System.nanoTime() > 0) {
                return Optional.of(kept.caller());
            }
        }
        long before = generation.get();
        try {
            Optional<Caller> found = store.find(keyHash);
            if (found.isPresent() && hearing) {
                keep(keyHash, found.get(), before);
            }
            return found;
        } catch (RuntimeException e) {
            UNAVAILABLE.warn(() -> "Key cache unavailable, checking the database: " + e.getMessage());
            return Optional.empty();
        }
    }

    /**
     * Caches the caller of a key for {@code ttl} (at most 300 s; less for a key about to expire), unless a
     * change happened since {@code epoch} was read (then the next request simply reads the database again).
     */
    public void put(String keyHash, Caller caller, Duration ttl, long epoch) {
        put(keyHash, caller, ttl, ttl, epoch);
    }

    /** {@link #put(String, Caller, Duration, long)}, keeping the caller as the key's last known one for {@code lastKnownTtl}. */
    public void put(String keyHash, Caller caller, Duration ttl, Duration lastKnownTtl, long epoch) {
        if (ttl.isNegative() || ttl.isZero() || epoch == NO_EPOCH) {
            return;
        }
        try {
            store.put(keyHash, caller, ttl, lastKnownTtl, epoch);
        } catch (RuntimeException e) {
            UNAVAILABLE.warn(() -> "Key cache unavailable, not caching: " + e.getMessage());
        }
    }

    /**
     * Drops every cached entry of the user; the next request reloads them from the database. When Redis
     * cannot be reached this fails with 503, so the caller's transaction rolls back: a change that could
     * not reach the cache is not made, and no revoked key stays usable from a stale entry.
     */
    public void evictUser(String userId) {
        forgetLocal();
        try {
            store.evictUser(userId);
        } catch (RuntimeException e) {
            throw unavailable(e);
        }
    }

    /**
     * {@link #evictUser} for a change already committed, which cannot be refused any more: when the store cannot be
     * reached now (the eviction made inside the transaction may have been undone by a lookup that raced the commit), the
     * eviction is tried again every {@link #EVICTION_RETRY} until it succeeds or the entries have run out ({@link #TTL}),
     * so a revoked key or a deactivated user is not served from a stale entry for the rest of its lifetime.
     */
    public void evictUserAfterCommit(String userId) {
        evictUntil(userId, System.nanoTime() + LAST_KNOWN.toNanos());
    }

    private void evictUntil(String userId, long untilNanos) {
        try {
            evictUser(userId);
        } catch (RuntimeException e) {
            if (retries == null || System.nanoTime() - untilNanos >= 0) {
                LOG.warning(() -> "The cached keys of user " + userId + " could not be dropped after a change; they run out"
                        + " within " + LAST_KNOWN.toMinutes() + " minutes: " + e.getMessage());
                return;
            }
            UNAVAILABLE.warn(() -> "Key cache unavailable; dropping the cached keys of user " + userId + " is tried again in "
                    + EVICTION_RETRY.toSeconds() + " s: " + e.getMessage());
            retries.schedule(() -> evictUntil(userId, untilNanos), EVICTION_RETRY.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    public void evictKey(String keyHash) {
        forgetLocal();
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
        forgetLocal();
        try {
            store.keyCreated(keyHash);
        } catch (RuntimeException e) {
            throw unavailable(e);
        }
    }

    /** Keeps a caller read from the store, unless a change was heard since the read began. */
    private void keep(String keyHash, Caller caller, long before) {
        if (local.size() >= LOCAL_MAX) {
            local.clear();
        }
        local.put(keyHash, new Local(caller, System.nanoTime() + LOCAL_TTL.toNanos()));
        if (generation.get() != before) {
            local.remove(keyHash); // a change arrived while we read: what we read may be from before it
        }
    }

    private static IdentityException unavailable(RuntimeException e) {
        UNAVAILABLE.warn(() -> "Key cache unavailable during a change: " + e.getMessage());
        return new IdentityException(Kind.UNAVAILABLE, "cache_unavailable", null,
                "the key cache (Redis) cannot be reached, so the change was not made; retry when it is back");
    }
}
