package io.moe.infrastructure.persistence;

import io.moe.application.ManagedThreads;
import io.moe.application.overview.StoreState;
import io.moe.infrastructure.persistence.jdbc.JdbcDatabaseCheck;
import io.moe.infrastructure.web.StoreFailures;
import jakarta.persistence.PersistenceException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.net.SocketTimeoutException;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** PostgreSQL's breaker: opened by a check that waits too long or fails and by an unreachable failure, closed by an answer. */
class DatabaseBreakerTest {

    private final List<Thread> started = new CopyOnWriteArrayList<>();
    /** What the next check does: answer, fail, or wait for {@link #release}. */
    private final AtomicReference<String> database = new AtomicReference<>("answers");
    private final CountDownLatch release = new CountDownLatch(1);
    private final AtomicInteger checks = new AtomicInteger();
    private final DatabaseBreaker breaker = new DatabaseBreaker();

    DatabaseBreakerTest() {
        breaker.threads = ManagedThreads.threads(started);
        breaker.checkEvery = Duration.ofMillis(5);
        breaker.unansweredAfter = Duration.ofMillis(100);
        breaker.database = new JdbcDatabaseCheck() {
            @Override
            public StoreState check() {
                checks.incrementAndGet();
                return StoreState.measure("PostgreSQL", () -> {
                    switch (database.get()) {
                        case "hangs" -> {
                            try {
                                release.await();
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                            }
                        }
                        case "refuses" -> throw new PersistenceException(new SQLException("Connection refused", "08001"));
                        default -> { }
                    }
                });
            }
        };
    }

    @AfterEach
    void stop() {
        release.countDown();
        started.forEach(Thread::interrupt);
    }

    @Test
    void aDatabaseThatHangsIsRefusedAtOnceWithAnUnreachableFailureAndAnsweredAgainOnceItAnswers() {
        assertDoesNotThrow(breaker::admit);
        database.set("hangs");
        ManagedThreads.until(() -> refused() != null, "the breaker opening while a check waits");
        PersistenceException refusal = refused();
        assertTrue(StoreFailures.databaseUnreachable(refusal), "the error mappers answer it 503 database_unavailable");
        assertTrue(refusal.getMessage().startsWith("PostgreSQL has not answered a check"), refusal.getMessage());

        database.set("answers");
        release.countDown();
        ManagedThreads.until(() -> refused() == null, "the breaker closing once a check is answered");
    }

    @Test
    void aFailedCheckOpensItAndTheNextAnswerClosesIt() {
        assertDoesNotThrow(breaker::admit);
        database.set("refuses");
        ManagedThreads.until(() -> refused() != null, "the breaker opening after a failed check");
        assertTrue(refused().getMessage().contains("Connection refused"), refused().getMessage());
        StoreState shown = breaker.check();
        assertFalse(shown.up(), "the health page shows PostgreSQL down while the breaker is open");
        assertTrue(shown.detail().contains("Connection refused"), shown.detail());
        assertEquals("open", breaker.breaker().orElseThrow().state(), "the monitoring page shows it open");
        assertEquals(1L, breaker.breaker().orElseThrow().opened());

        database.set("answers");
        ManagedThreads.until(() -> refused() == null, "the breaker closing once a check is answered");
        assertTrue(breaker.check().up(), "and up again afterwards");
        assertEquals("closed", breaker.breaker().orElseThrow().state());
    }

    @Test
    void onlyFailuresToReachTheDatabaseOpenIt() {
        breaker.checkEvery = Duration.ofHours(1); // one check at the start, then none: only calls' failures count
        assertDoesNotThrow(breaker::admit);
        // the first check answered and the checker asleep for the hour: no check can close what the failure below opens
        ManagedThreads.until(() -> checks.get() > 0 && !started.isEmpty() && started.get(0).getState() == Thread.State.TIMED_WAITING, "the first check");

        breaker.failed(new PersistenceException(new SQLException("duplicate key value", "23505")));
        assertDoesNotThrow(breaker::admit, "a refused write says nothing about the database's health");

        breaker.failed(new PersistenceException(new SQLException("An I/O error occurred", "08006", new SocketTimeoutException("Read timed out"))));
        PersistenceException refusal = assertThrows(PersistenceException.class, breaker::admit);
        assertTrue(refusal.getMessage().startsWith("PostgreSQL could not be reached"), refusal.getMessage());
    }

    private PersistenceException refused() {
        try {
            breaker.admit();
            return null;
        } catch (PersistenceException e) {
            return e;
        }
    }
}
