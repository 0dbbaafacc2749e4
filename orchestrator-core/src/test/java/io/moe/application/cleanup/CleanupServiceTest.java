package io.moe.application.cleanup;

import io.moe.domain.shared.Refusal;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Proxy;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A job never runs twice at once on a node: a manual start while it runs is refused, and it can start again after. */
class CleanupServiceTest {

    private final CountDownLatch release = new CountDownLatch(1);
    private final AtomicInteger runs = new AtomicInteger();
    private final AtomicInteger ended = new AtomicInteger();
    private final List<String> finishedAs = new java.util.concurrent.CopyOnWriteArrayList<>();

    private final CleanupJob slow = new CleanupJob() {
        @Override
        public String name() {
            return "slow_job";
        }

        @Override
        public String description() {
            return "waits until released";
        }

        @Override
        public JobSettings defaults() {
            return new JobSettings("slow_job", false, 60, 30, 1000);
        }

        @Override
        public long run(JobSettings settings, Instant now) {
            runs.incrementAndGet();
            try {
                release.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return 0;
        }
    };

    private CleanupService service() {
        CleanupService service = new CleanupService();
        service.jobs = new Jobs() {
            @Override
            public List<CleanupJob> all() {
                return List.of(slow);
            }
        };
        service.store = (CleanupStore) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {CleanupStore.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "settings" -> Optional.empty();
                    case "history" -> List.of();
                    case "finished" -> {
                        finishedAs.add(args[2] + ": " + args[4]);
                        ended.incrementAndGet();
                        yield null;
                    }
                    default -> null;
                });
        service.executor = (ManagedScheduledExecutorService) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {ManagedScheduledExecutorService.class}, (proxy, method, args) -> {
                    if (method.getName().equals("execute")) {
                        new Thread((Runnable) args[0]).start();
                        return null;
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
        return service;
    }

    @Test
    void aRunStillRunningWhenTheServerStopsIsEndedAsInterrupted() {
        CleanupService service = service();
        service.runNow("slow_job");
        service.stop();
        assertEquals(List.of("failed: " + CleanupService.INTERRUPTED), finishedAs, "not left running in the history for ever");
        release.countDown();
    }

    @Test
    void aManualStartWhileTheJobRunsIsRefusedAndTheJobCanStartAgainAfterItsEnd() throws InterruptedException {
        CleanupService service = service();
        service.runNow("slow_job");

        CleanupRefusedException e = assertThrows(CleanupRefusedException.class, () -> service.runNow("slow_job"));
        assertEquals(Refusal.Kind.CONFLICT, e.kind());
        assertTrue(e.getMessage().contains("running on this node already"), e.getMessage());

        release.countDown();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (ended.get() == 0 && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        assertEquals(1, ended.get(), "the first run ended");
        // the job leaves the running set just after its end is stored: poll for the moment it can start again
        while (System.nanoTime() < deadline) {
            try {
                service.runNow("slow_job");
                break;
            } catch (CleanupRefusedException stillRunning) {
                Thread.onSpinWait();
            }
        }
        long runsDeadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (runs.get() < 2 && System.nanoTime() < runsDeadline) {
            Thread.onSpinWait();
        }
        assertEquals(2, runs.get(), "started again after its end");
    }
}
