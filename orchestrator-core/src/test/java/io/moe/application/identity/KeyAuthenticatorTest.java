package io.moe.application.identity;

import io.moe.application.shared.UnitsOfWork;
import io.moe.domain.identity.ApiKey;
import io.moe.domain.identity.ApiKeyRepository;
import io.moe.domain.identity.UserRepository;
import io.moe.domain.shared.Refusal.Kind;
import io.moe.infrastructure.redis.TestRedis;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A key the cache does not hold, while the database hangs: a clear 503 after a bounded wait, not a held request; and a
 * sign-in the same way.
 */
class KeyAuthenticatorTest {

    private final ScheduledExecutorService threads = Executors.newScheduledThreadPool(2);
    private final CountDownLatch databaseAnswers = new CountDownLatch(1);

    @AfterEach
    void stop() {
        databaseAnswers.countDown();
        threads.shutdownNow();
    }

    @Test
    void aHungDatabaseMakesAnUnknownKeyA503InsteadOfAHeldRequest() {
        KeyAuthenticator keys = authenticator();

        IdentityException refused = assertThrows(IdentityException.class,
                () -> keys.authenticate("moe-sk-" + UUID.randomUUID().toString().replace("-", "") + "0123456789abcdef"));
        assertEquals(Kind.UNAVAILABLE, refused.kind());
        assertEquals("database_unavailable", refused.code());
        assertTrue(refused.getMessage().contains("retry"), refused.getMessage());
    }

    @Test
    void aKeyInUseGoesOnWorkingFromItsLastKnownStateWhileTheDatabaseDoesNotAnswer() throws InterruptedException {
        KeyAuthenticator keys = authenticator();
        String raw = "moe-sk-" + UUID.randomUUID().toString().replace("-", "") + "0123456789abcdef";
        String hash = io.moe.domain.identity.ApiKeySecret.hashOf(raw);
        io.moe.domain.identity.Caller alice = new io.moe.domain.identity.Caller("u-" + UUID.randomUUID(), "alice", "k1", false,
                java.util.Map.of(), io.moe.domain.identity.Limits.NONE);
        keys.cache.put(hash, alice, Duration.ofSeconds(1), Duration.ofMinutes(10), keys.cache.epoch());
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (TestRedis.store().get("moe:key:" + hash).isPresent()) { // the cache entry runs out: the database is asked
            assertTrue(System.nanoTime() < deadline, "the entry expires");
            Thread.sleep(50);
        }
        assertEquals(alice, keys.authenticate(raw).orElseThrow(), "the database hangs: the key's last known state answers");
        keys.cache.evictUser(alice.userId());
        assertEquals("database_unavailable", assertThrows(IdentityException.class, () -> keys.authenticate(raw)).code(),
                "once evicted (a revocation, a block, a grant changed) it is not used");
    }

    @Test
    void requestsWithTheSameUncachedKeyShareOneLookup() throws Exception {
        KeyAuthenticator keys = authenticator();
        HungKeys table = (HungKeys) keys.keys;
        String raw = "moe-sk-" + UUID.randomUUID().toString().replace("-", "") + "0123456789abcdef";
        ExecutorService burst = Executors.newFixedThreadPool(6);
        try {
            List<Future<?>> outcomes = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                outcomes.add(burst.submit(() -> assertThrows(IdentityException.class, () -> keys.authenticate(raw))));
            }
            for (Future<?> outcome : outcomes) {
                outcome.get(10, TimeUnit.SECONDS);
            }
        } finally {
            burst.shutdownNow();
        }
        assertEquals(1, table.reads.get(), "six requests with one key, one database read");
    }

    @Test
    void aSignInWhileTheDatabaseHangsIsRefusedAfterTheBoundedWait() {
        AdminSignIn signIn = new AdminSignIn();
        signIn.accounts = (UserRepository) java.lang.reflect.Proxy.newProxyInstance(UserRepository.class.getClassLoader(),
                new Class<?>[]{UserRepository.class}, (proxy, method, args) -> {
                    databaseAnswers.await();
                    return Optional.empty();
                });
        signIn.reads = new BoundedReads();
        signIn.reads.executor = threads;
        signIn.reads.units = new UnitsOfWork();
        signIn.reads.wait = Duration.ofMillis(200);

        IdentityException refused = assertThrows(IdentityException.class, () -> signIn.verifyUser("alice", "a-long-password-1"));
        assertEquals("database_unavailable", refused.code());
        assertTrue(refused.getMessage().contains("the account"), refused.getMessage());
    }

    @Test
    void aSignInRefusedAtOnceByTheDatabasesBreakerSaysTheDatabaseDoesNotAnswer() {
        AdminSignIn signIn = new AdminSignIn();
        signIn.accounts = (UserRepository) java.lang.reflect.Proxy.newProxyInstance(UserRepository.class.getClassLoader(),
                new Class<?>[]{UserRepository.class}, (proxy, method, args) -> {
                    throw new jakarta.persistence.PersistenceException("PostgreSQL has not answered a check for 4 s",
                            new java.sql.SQLTransientConnectionException("PostgreSQL has not answered a check for 4 s", "08006"));
                });
        signIn.reads = new BoundedReads();
        signIn.reads.executor = threads;
        signIn.reads.units = new UnitsOfWork();

        IdentityException refused = assertThrows(IdentityException.class, () -> signIn.verifyUser("alice", "a-long-password-1"));
        assertEquals("database_unavailable", refused.code(), "the sign-in form shows it as the user database not answering");
        assertTrue(refused.getMessage().contains("the account"), refused.getMessage());
    }

    @Test
    void readsWaitingForAHungDatabaseAreBounded() {
        KeyAuthenticator keys = authenticator();
        keys.reads.maxWaiting = 2;
        for (int i = 0; i < 2; i++) {
            String raw = "moe-sk-" + UUID.randomUUID().toString().replace("-", "") + "0123456789abcdef";
            assertTrue(assertThrows(IdentityException.class, () -> keys.authenticate(raw)).getMessage().contains("did not answer within"));
        }
        IdentityException refused = assertThrows(IdentityException.class,
                () -> keys.authenticate("moe-sk-" + UUID.randomUUID().toString().replace("-", "") + "0123456789abcdef"));
        assertEquals("database_unavailable", refused.code());
        assertTrue(refused.getMessage().contains("2 reads are already waiting"), refused.getMessage());
        assertEquals(2, ((HungKeys) keys.keys).reads.get(), "the third key was not even queued");
    }

    private KeyAuthenticator authenticator() {
        KeyAuthenticator keys = new KeyAuthenticator();
        KeyCache cache = new KeyCache();
        cache.store = TestRedis.keyCacheStore();
        cache.unknownKeySeconds = 30;
        keys.cache = cache;
        keys.keys = new HungKeys();
        keys.reads = new BoundedReads();
        keys.reads.executor = threads;
        keys.reads.units = new UnitsOfWork();
        keys.reads.wait = Duration.ofMillis(200);
        keys.usage = new KeyUsageTracker();
        return keys;
    }

    /** A key table whose every read waits until the test ends: a database that does not answer. */
    private final class HungKeys implements ApiKeyRepository {
        final AtomicInteger reads = new AtomicInteger();

        @Override
        public Optional<ApiKey> find(String id) {
            return hang();
        }

        @Override
        public Optional<ApiKey> withHash(String keyHash) {
            reads.incrementAndGet();
            return hang();
        }

        @Override
        public List<ApiKey> ofUser(String userId) {
            return List.of();
        }

        @Override
        public void add(ApiKey key) {
        }

        @Override
        public void remove(ApiKey key) {
        }

        private Optional<ApiKey> hang() {
            try {
                databaseAnswers.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return Optional.empty();
        }
    }
}
