package io.moe.application.identity;

import io.moe.domain.identity.Caller;

import java.time.Duration;
import java.util.Optional;

/**
 * The shared store behind {@link KeyCache}: the caller of each cached key hash, the hashes known to name
 * no key, and one epoch that every change affecting key checking advances. A write is made only if the
 * epoch is still the one the writer read before its database lookup. Every method fails with a runtime
 * exception when the store cannot be reached.
 */
public interface KeyCacheStore {

    /** The current epoch; 0 before the first change. */
    long epoch();

    /** The cached caller of a key hash, if any. */
    Optional<Caller> find(String keyHash);

    /** Caches the caller of a key hash for {@code ttl} (at most {@link KeyCache#TTL}) if the epoch is still {@code epoch}. */
    default void put(String keyHash, Caller caller, Duration ttl, long epoch) {
        put(keyHash, caller, ttl, ttl, epoch);
    }

    /**
     * Caches the caller of a key hash for {@code ttl} and keeps it as the key's last known caller for {@code lastKnownTtl}
     * ({@link #lastKnown}), if the epoch is still {@code epoch}; evictions drop both.
     */
    void put(String keyHash, Caller caller, Duration ttl, Duration lastKnownTtl, long epoch);

    /** The caller last cached for a key hash, kept longer than the cache entry, for a database that does not answer. */
    Optional<Caller> lastKnown(String keyHash);

    /** Whether the hash is remembered as naming no key. */
    boolean knownUnknown(String keyHash);

    /** Remembers for {@code ttl} that no key has this hash, if the epoch is still {@code epoch}. */
    void putUnknown(String keyHash, Duration ttl, long epoch);

    /** Advances the epoch and drops every cached entry of the user. */
    void evictUser(String userId);

    /** Advances the epoch and drops the entry of one key hash. */
    void evictKey(String keyHash);

    /** Advances the epoch and forgets that the hash named no key. */
    void keyCreated(String keyHash);

    /**
     * Tells {@code listener} of every change (eviction, key created) made on any node, from now until the
     * service stops; the listener also hears when the stream of changes starts and when it breaks, since
     * changes made while it is broken are never told.
     */
    void listen(ChangeListener listener);

    /** Hears of key cache changes on every node. */
    interface ChangeListener {

        /** Changes are heard from now on. */
        void listening();

        /** A change was made somewhere. */
        void changed();

        /** Changes are not heard until {@link #listening} is called again. */
        void deaf();
    }
}
