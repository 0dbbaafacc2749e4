package io.moe.application.startup;

import io.moe.infrastructure.persistence.SchemaMigration;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import org.junit.jupiter.api.Test;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The readiness probe's view of the start-up preparation: it never waits for a store, and it keeps the preparation going. */
class ApplicationStartupTest {

    private final CountDownLatch databaseAnswers = new CountDownLatch(1);
    private final AtomicInteger attempts = new AtomicInteger();
    private final ApplicationStartup startup = new ApplicationStartup();

    ApplicationStartupTest() {
        startup.schema = new SchemaMigration() {
            @Override
            public synchronized void migrate() {
                attempts.incrementAndGet();
                try {
                    if (!databaseAnswers.await(30, TimeUnit.SECONDS)) {
                        throw new IllegalStateException("the database did not answer");
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                throw new IllegalStateException("Connection to 127.0.0.1:5432 refused");
            }
        };
        startup.threads = new ManagedThreadFactory() {
            @Override
            public Thread newThread(Runnable r) {
                Thread t = new Thread(r, "startup-attempt");
                t.setDaemon(true);
                return t;
            }

            @Override
            public ForkJoinWorkerThread newThread(ForkJoinPool pool) {
                throw new UnsupportedOperationException();
            }
        };
    }

    @Test
    void aProbeAnswersAtOnceWhileTheDatabaseHangsAndStartsOnlyOneAttemptAtATime() throws Exception {
        assertEquals("preparing the stores (schema migration, first admin, inference servers)", startup.notReadyBecause());
        for (int i = 0; i < 5; i++) { // more probes while that attempt hangs: each answers, none starts another
            assertTrue(startup.notReadyBecause() != null);
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (attempts.get() == 0 && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        assertEquals(1, attempts.get(), "one attempt runs, on a thread of its own");

        databaseAnswers.countDown(); // it answers, with a refusal
        deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        String reason = startup.notReadyBecause();
        while (!"Connection to 127.0.0.1:5432 refused".equals(reason) && System.nanoTime() < deadline) {
            reason = startup.notReadyBecause();
        }
        assertEquals("Connection to 127.0.0.1:5432 refused", reason, "the probe says why, from the last attempt");
        deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (attempts.get() < 2 && System.nanoTime() < deadline) {
            startup.notReadyBecause();
        }
        assertTrue(attempts.get() >= 2, "and probes keep trying while it is not ready");
    }
}
