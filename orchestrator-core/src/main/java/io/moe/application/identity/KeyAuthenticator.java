package io.moe.application.identity;

import io.moe.application.tracing.ThrottledWarning;
import io.moe.domain.identity.ApiKey;
import io.moe.domain.identity.ApiKeyRepository;
import io.moe.domain.identity.ApiKeySecret;
import io.moe.domain.identity.Caller;
import io.moe.domain.identity.Limits;
import io.moe.domain.identity.PermissionRepository;
import io.moe.domain.identity.ResourceType;
import io.moe.domain.identity.TokenBudget;
import io.moe.domain.identity.TokenBudgetRepository;
import io.moe.domain.identity.UserAccount;
import io.moe.domain.identity.UserRepository;
import io.moe.domain.shared.Ids;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Duration;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.logging.Logger;

/**
 * Turns a raw API key ({@code moe-sk-} + 48 hex) into the {@link Caller} it belongs to, or nothing
 * when the key is unknown, revoked, expired or its user is blocked. Keys are looked up by their
 * SHA-256 hash only, first in the shared key cache, then in the database (and cached for 300 s). A hash
 * that names no key is remembered briefly as unknown, so invalid keys cost no database query.
 */
@ApplicationScoped
public class KeyAuthenticator {

    private static final String DATABASE_UNAVAILABLE = "database_unavailable";
    private static final Logger LOG = Logger.getLogger(KeyAuthenticator.class.getName());
    /** Repeated by every key check while the database is down: logged once per interval. */
    private static final ThrottledWarning LAST_KNOWN_USED = new ThrottledWarning(LOG);

    @Inject
    ApiKeyRepository keys;

    @Inject
    UserRepository accounts;

    @Inject
    TokenBudgetRepository budgets;

    @Inject
    PermissionRepository permissions;

    @Inject
    KeyCache cache;

    @Inject
    KeyUsageTracker usage;

    /** Reads keys the cache does not hold, each waited for at most 5 s, one read per key at a time. */
    @Inject
    BoundedReads reads;

    /** The caller behind {@code rawKey}; empty for any key that must be refused with 401. */
    public Optional<Caller> authenticate(String rawKey) {
        if (rawKey == null || rawKey.isBlank()) {
            return Optional.empty();
        }
        String hash = ApiKeySecret.hashOf(rawKey.trim());
        Optional<Caller> caller = cache.get(hash).or(() -> lookUp(hash));
        caller.ifPresent(c -> usage.used(c.apiKeyId()));
        return caller;
    }

    /**
     * The database's answer for a hash the cache does not hold, waited for a bounded time ({@link BoundedReads}); while the
     * database does not answer, the key's last known caller ({@link KeyCache#lastKnown}): a key in use goes on working,
     * a key not seen before is refused with 503.
     */
    private Optional<Caller> lookUp(String hash) {
        if (cache.knownUnknown(hash)) {
            return Optional.empty();
        }
        try {
            return reads.read("key:" + hash, "this key", () -> lookUpNow(hash));
        } catch (IdentityException e) {
            if (!DATABASE_UNAVAILABLE.equals(e.code())) {
                throw e;
            }
            Optional<Caller> known = cache.lastKnown(hash);
            if (known.isEmpty()) {
                throw e;
            }
            LAST_KNOWN_USED.warn(() -> "The database does not answer; keys in use are checked against their last known state");
            return known;
        }
    }

    /** The database's answer for a hash; the epoch is read first (see {@link KeyCache}). */
    private Optional<Caller> lookUpNow(String hash) {
        long epoch = cache.epoch();
        Optional<ApiKey> key = keys.withHash(hash);
        if (key.isEmpty()) {
            cache.putUnknown(hash, epoch);
            return Optional.empty();
        }
        return load(key.get()).map(found -> {
            cache.put(hash, found.caller(), found.cacheFor(), found.lastKnownFor(), epoch);
            return found.caller();
        });
    }

    /** The caller for a signed-in user (no key): active users only, with their grants and limits. */
    public Optional<Caller> forUser(String userId) {
        return accounts.find(userId).filter(UserAccount::isActive)
                .map(user -> callerOf(user, null));
    }

    /** A caller read from the database, cached no longer than its key stays valid. */
    private record Loaded(Caller caller, Duration cacheFor, Duration lastKnownFor) {
    }

    /** A known key's caller, when the key is usable and its user active (not cached as unknown otherwise). */
    private Optional<Loaded> load(ApiKey found) {
        return Optional.of(found)
                .filter(key -> key.isUsableAt(Ids.nowUtc()))
                .flatMap(key -> accounts.find(key.userId())
                        .filter(UserAccount::isActive)
                        .map(user -> new Loaded(callerOf(user, key.id()), cacheFor(key, KeyCache.TTL), cacheFor(key, KeyCache.LAST_KNOWN))));
    }

    /** The caller an active user is, with their grants and token limits; {@code apiKeyId} null for a session. */
    private Caller callerOf(UserAccount user, String apiKeyId) {
        Limits limits = budgets.find(user.id()).map(TokenBudget::limits).orElse(Limits.NONE);
        return new Caller(user.id(), user.username(), apiKeyId, user.isAdmin(), grantsOf(user.id()), limits);
    }

    /** {@code longest}, or less for a key that expires sooner. */
    private static Duration cacheFor(ApiKey key, Duration longest) {
        if (key.expiresAt() == null) {
            return longest;
        }
        Duration left = Duration.between(Ids.nowUtc(), key.expiresAt());
        return left.compareTo(longest) < 0 ? left : longest;
    }

    private Map<ResourceType, Set<String>> grantsOf(String userId) {
        Map<ResourceType, Set<String>> grants = new EnumMap<>(ResourceType.class);
        permissions.ofUser(userId).forEach(p -> grants.computeIfAbsent(p.resourceType(), t -> new HashSet<>()).add(p.resourceId()));
        return grants;
    }
}
