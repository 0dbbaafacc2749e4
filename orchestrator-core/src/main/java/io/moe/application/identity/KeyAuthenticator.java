package io.moe.application.identity;

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
import io.moe.domain.shared.Refusal.Kind;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Duration;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Turns a raw API key ({@code moe-sk-} + 48 hex) into the {@link Caller} it belongs to, or nothing
 * when the key is unknown, revoked, expired or its user is blocked. Keys are looked up by their
 * SHA-256 hash only, first in the shared key cache, then in the database (and cached for 300 s). A hash
 * that names no key is remembered briefly as unknown, so invalid keys cost no database query.
 */
@ApplicationScoped
public class KeyAuthenticator {

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

    /**
     * Makes the threads that look up keys not in the cache, so that a request waits for a hung database only so long.
     * They are threads of their own, not the server's shared executor: the requests waiting for a lookup hold threads of
     * that executor, and a burst of them (a node that just started) would leave no thread for the lookup itself.
     */
    @Resource(lookup = "java:comp/DefaultManagedThreadFactory")
    ManagedThreadFactory threads;

    /** Where lookups run: {@value #LOOKUP_THREADS} threads from {@link #threads}, made on first use (tests set their own). */
    Executor lookups;
    private ExecutorService ownLookups;
    static final int LOOKUP_THREADS = 4;

    /**
     * The lookups under way, by key hash: requests that bring the same uncached key at once (a client's burst against a
     * node that just started) wait for one lookup instead of each queueing its own.
     */
    private final ConcurrentHashMap<String, CompletableFuture<Optional<Caller>>> inFlight = new ConcurrentHashMap<>();

    /** The longest a request waits for the database to look up a key the cache does not hold. */
    Duration lookupWait = Duration.ofSeconds(5);

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
     * The database's answer for a hash the cache does not hold, waited for at most {@link #lookupWait}: a database that
     * does not answer in time is a 503 {@code database_unavailable}, not a request thread held for as long as the
     * connection lives (the lookup itself goes on until the database or its socket timeout answers). Requests with the
     * same key share one lookup.
     */
    private Optional<Caller> lookUp(String hash) {
        if (cache.knownUnknown(hash)) {
            return Optional.empty();
        }
        Executor executor = lookupExecutor();
        if (executor == null) {
            return lookUpNow(hash);
        }
        CompletableFuture<Optional<Caller>> lookup = inFlight.computeIfAbsent(hash,
                h -> CompletableFuture.supplyAsync(() -> lookUpNow(h), executor));
        lookup.whenComplete((done, failure) -> inFlight.remove(hash, lookup));
        try {
            return lookup.get(lookupWait.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new IdentityException(Kind.UNAVAILABLE, "database_unavailable", null, "the database did not answer within "
                    + lookupWait.toSeconds() + " s, so this key could not be checked; retry shortly");
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException failure ? failure : new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IdentityException(Kind.UNAVAILABLE, "interrupted", null, "interrupted while checking the key");
        }
    }

    private synchronized Executor lookupExecutor() {
        if (lookups == null && threads != null) {
            ownLookups = Executors.newFixedThreadPool(LOOKUP_THREADS, threads);
            lookups = ownLookups;
        }
        return lookups;
    }

    @PreDestroy
    synchronized void stop() {
        if (ownLookups != null) {
            ownLookups.shutdownNow();
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
            cache.put(hash, found.caller(), found.cacheFor(), epoch);
            return found.caller();
        });
    }

    /** The caller for a signed-in user (no key): active users only, with their grants and limits. */
    public Optional<Caller> forUser(String userId) {
        return accounts.find(userId).filter(UserAccount::isActive)
                .map(user -> callerOf(user, null));
    }

    /** A caller read from the database, cached no longer than its key stays valid. */
    private record Loaded(Caller caller, Duration cacheFor) {
    }

    /** A known key's caller, when the key is usable and its user active (not cached as unknown otherwise). */
    private Optional<Loaded> load(ApiKey found) {
        return Optional.of(found)
                .filter(key -> key.isUsableAt(Ids.nowUtc()))
                .flatMap(key -> accounts.find(key.userId())
                        .filter(UserAccount::isActive)
                        .map(user -> new Loaded(callerOf(user, key.id()), cacheFor(key))));
    }

    /** The caller an active user is, with their grants and token limits; {@code apiKeyId} null for a session. */
    private Caller callerOf(UserAccount user, String apiKeyId) {
        Limits limits = budgets.find(user.id()).map(TokenBudget::limits).orElse(Limits.NONE);
        return new Caller(user.id(), user.username(), apiKeyId, user.isAdmin(), grantsOf(user.id()), limits);
    }

    private static Duration cacheFor(ApiKey key) {
        if (key.expiresAt() == null) {
            return KeyCache.TTL;
        }
        Duration left = Duration.between(Ids.nowUtc(), key.expiresAt());
        return left.compareTo(KeyCache.TTL) < 0 ? left : KeyCache.TTL;
    }

    private Map<ResourceType, Set<String>> grantsOf(String userId) {
        Map<ResourceType, Set<String>> grants = new EnumMap<>(ResourceType.class);
        permissions.ofUser(userId).forEach(p -> grants.computeIfAbsent(p.resourceType(), t -> new HashSet<>()).add(p.resourceId()));
        return grants;
    }
}
