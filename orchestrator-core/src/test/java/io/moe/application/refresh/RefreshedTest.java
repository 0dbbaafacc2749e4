package io.moe.application.refresh;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A value served from memory: read in the background when old, kept in service while the database cannot be read. */
class RefreshedTest {

    private final AtomicInteger reads = new AtomicInteger();
    private volatile boolean databaseDown;
    private final List<Runnable> queued = new ArrayList<>();
    private final Executor background = queued::add;

    private Refreshed<String> refreshed(Duration every) {
        return new Refreshed<>("templates", () -> {
            if (databaseDown) {
                throw new IllegalStateException("connection attempt failed");
            }
            return "v" + reads.incrementAndGet();
        }, () -> every, () -> background);
    }

    @Test
    void anOldValueIsServedWhileItIsReadAgainInTheBackground() {
        Refreshed<String> value = refreshed(Duration.ofNanos(1));
        assertEquals("v1", value.get(), "the first caller reads");
        assertEquals("v1", value.get(), "an old value is served at once");
        assertEquals(1, queued.size(), "and read again in the background, once");
        assertEquals("v1", value.get());
        assertEquals(1, queued.size());
        queued.remove(0).run();
        assertEquals("v2", value.get());
    }

    @Test
    void whileTheDatabaseIsDownTheLastValueStaysInService() {
        Refreshed<String> value = refreshed(Duration.ofNanos(1));
        value.get();
        databaseDown = true;
        value.get();
        queued.remove(0).run();
        assertEquals("v1", value.get(), "a failed read keeps the value");
        value.invalidate();
        assertEquals("v1", value.get(), "even a read after a write that fails keeps it");
        databaseDown = false;
        queued.remove(0).run();
        assertEquals("v2", value.get());
    }

    @Test
    void aReadThatBeganBeforeAWriteOnThisNodeIsReadAgainByTheNextCaller() {
        AtomicInteger version = new AtomicInteger();
        List<Refreshed<String>> self = new ArrayList<>();
        Refreshed<String> value = new Refreshed<>("templates", () -> {
            int v = version.incrementAndGet();
            if (v == 2) {
                self.get(0).invalidate(); // a write committed while this read was under way
            }
            return "v" + v;
        }, () -> Duration.ofSeconds(5), () -> background);
        self.add(value);
        assertEquals("v1", value.get());
        value.invalidate();
        assertEquals("v2", value.get(), "read after the first write, while the second one committed");
        assertEquals("v3", value.get(), "the second write is read too, not left for the next refresh");
        assertEquals("v3", value.get());
    }

    @Test
    void aValueNotReadAgainForALongWhileIsWaitedForByItsNextCaller() {
        AtomicLong now = new AtomicLong();
        Executor inline = Runnable::run;
        Refreshed<String> value = new Refreshed<>("templates", () -> "v" + reads.incrementAndGet(), () -> Duration.ofSeconds(5),
                () -> inline, now::get);
        assertEquals("v1", value.get());
        now.addAndGet(Duration.ofMinutes(61).toNanos()); // a node nobody asked for an hour
        assertEquals("v2", value.get(), "not the hour-old value");
    }

    @Test
    void anAlwaysCurrentValueIsWaitedForButNotLongerThanTheLongestWait() {
        Executor inline = Runnable::run;
        Refreshed<String> current = new Refreshed<>("templates", () -> "v" + reads.incrementAndGet(), () -> Duration.ZERO, () -> inline);
        assertEquals("v1", current.get());
        assertEquals("v2", current.get(), "every caller sees the database as it is");
        CountDownLatch databaseAnswers = new CountDownLatch(1);
        Refreshed<String> hung = new Refreshed<>("templates", () -> {
            if (reads.incrementAndGet() > 3) {
                await(databaseAnswers);
            }
            return "w" + reads.get();
        }, () -> Duration.ZERO, () -> runnable -> new Thread(runnable).start());
        assertEquals("w3", hung.get());
        assertEquals("w3", hung.get(), "while a read hangs, the caller goes on with the value read before");
        databaseAnswers.countDown();
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void withoutAValueTheFailureReachesTheCaller() {
        databaseDown = true;
        assertThrows(IllegalStateException.class, () -> refreshed(Duration.ofSeconds(5)).get());
    }

    @Test
    void afterAWriteOnThisNodeTheNextCallerReadsAtOnce() {
        Refreshed<String> value = refreshed(Duration.ofHours(1));
        value.get();
        value.invalidate();
        assertEquals("v2", value.get());
        assertEquals(List.of(), queued);
    }

    @Test
    void aValueYoungerThanItsAgeIsNotReadAgain() {
        AtomicLong now = new AtomicLong();
        Refreshed<String> value = new Refreshed<>("stores' states", () -> "v" + reads.incrementAndGet(),
                () -> Duration.ofSeconds(5), () -> background, now::get);
        value.get();
        now.addAndGet(Duration.ofSeconds(5).toNanos());
        assertEquals("v1", value.get());
        assertEquals(List.of(), queued, "five seconds old is not older than five seconds");
        now.addAndGet(1);
        assertEquals("v1", value.get());
        assertEquals(1, queued.size());
    }

    @Test
    void theFirstCallerTakesTheValueOfTheReadBegunAtStart() {
        Refreshed<String> value = refreshed(Duration.ofSeconds(5));
        value.readSoon();
        assertEquals(1, queued.size(), "the read at start runs in the background");
        CompletableFuture<String> firstCaller = waitingCaller(value);
        queued.remove(0).run();
        assertEquals("v1", assertTimeoutPreemptively(Duration.ofSeconds(10), () -> firstCaller.join()));
        assertEquals(1, reads.get(), "the first caller did not read again");
    }

    @Test
    void aFirstReadThatFailedFailsItsCallersAndTheNextCallerReadsAgain() {
        Refreshed<String> value = refreshed(Duration.ofSeconds(5));
        databaseDown = true;
        CompletableFuture<String> read = value.readSoon();
        queued.remove(0).run();
        assertTrue(read.isCompletedExceptionally());
        databaseDown = false;
        assertEquals("v1", value.get(), "no value is kept from a failed read: the next caller reads");
    }

    @Test
    void aCallerWithoutAValueGetsTheFailureOfTheReadItWaitedFor() {
        Refreshed<String> value = refreshed(Duration.ofSeconds(5));
        databaseDown = true;
        value.readSoon();
        CompletableFuture<String> firstCaller = waitingCaller(value);
        queued.remove(0).run();
        Throwable failure = assertThrows(Throwable.class, () -> assertTimeoutPreemptively(Duration.ofSeconds(10),
                () -> firstCaller.join()));
        assertEquals("connection attempt failed", rootMessage(failure));
    }

    /** A caller of {@code value.get()} on its own thread, once it waits (for the read under way). */
    private static CompletableFuture<String> waitingCaller(Refreshed<String> value) {
        CompletableFuture<String> outcome = new CompletableFuture<>();
        Thread caller = new Thread(() -> {
            try {
                outcome.complete(value.get());
            } catch (RuntimeException e) {
                outcome.completeExceptionally(e);
            }
        });
        caller.start();
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (caller.getState() != Thread.State.WAITING && !outcome.isDone()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the caller neither waited nor answered");
            }
            Thread.onSpinWait();
        }
        return outcome;
    }

    private static String rootMessage(Throwable e) {
        while (e.getCause() != null) {
            e = e.getCause();
        }
        return e.getMessage();
    }
}
