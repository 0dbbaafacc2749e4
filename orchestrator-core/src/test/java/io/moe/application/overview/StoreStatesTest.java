package io.moe.application.overview;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

class StoreStatesTest {

    /** Hands out the askings' answers in order, counting the askings. */
    private static final class Stores {
        final Deque<Supplier<List<StoreState>>> answers = new ArrayDeque<>();
        final AtomicInteger asked = new AtomicInteger();

        List<StoreState> ask() {
            asked.incrementAndGet();
            return answers.removeFirst().get();
        }
    }

    private static final StoreState REDIS_UP = new StoreState("Redis", true, "answers", 1);
    private static final StoreState REDIS_DOWN = new StoreState("Redis", false, "no answer within 3 s", 3000);

    private final AtomicLong now = new AtomicLong();
    private final Stores stores = new Stores();
    /** Askings in the background, waiting to be run: one not run yet is one whose stores have not answered. */
    private final List<Runnable> background = new ArrayList<>();
    private final StoreStates states = new StoreStates(stores::ask, background::add, now::get);

    @Test
    void aProbeDoesNotWaitForAStoreThatHangsOnceTheFirstStatesAreKnown() {
        stores.answers.add(() -> List.of(REDIS_UP));
        stores.answers.add(() -> List.of(REDIS_DOWN));
        assertEquals(List.of(REDIS_UP), states.get().states());

        now.addAndGet(StoreStates.FRESH.plusMillis(1).toNanos());
        // the stores are asked again and do not answer yet: probes answer with the states last found, ask no one else
        List<StoreState> whileAsking = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
            states.get().states();
            return states.get().states();
        }, "a probe waited for the stores");
        assertEquals(List.of(REDIS_UP), whileAsking);
        assertEquals(1, background.size(), "one asking at a time");

        background.remove(0).run(); // the stores answer
        assertEquals(List.of(REDIS_DOWN), states.get().states());
        assertEquals(2, stores.asked.get());
    }

    @Test
    void statesYoungerThanFiveSecondsAreNotAskedAgain() {
        stores.answers.add(() -> List.of(REDIS_UP));
        states.get().states();
        now.addAndGet(StoreStates.FRESH.toNanos());
        assertEquals(List.of(REDIS_UP), states.get().states());
        assertEquals(List.of(), background);
        assertEquals(1, stores.asked.get());
    }

    @Test
    void theFirstProbeTakesTheAnswersOfTheAskingBegunAtStart() {
        stores.answers.add(() -> List.of(REDIS_UP));
        states.onStart(new Object()); // the application started: the first asking begins
        assertEquals(1, background.size());

        CompletableFuture<List<StoreState>> probe = CompletableFuture.supplyAsync(() -> states.get().states());
        background.remove(0).run();
        assertEquals(List.of(REDIS_UP), assertTimeoutPreemptively(Duration.ofSeconds(10), () -> probe.join()));
        assertEquals(1, stores.asked.get());
    }

    @Test
    void theNextModulesStartBeginsNoOtherAsking() {
        stores.answers.add(() -> List.of(REDIS_UP));
        states.onStart(new Object());
        states.onStart(new Object()); // the application's next module started
        assertEquals(1, background.size());
    }

    @Test
    void aFirstAskingThatFailedFailsItsProbeAndTheNextProbeAsksAgain() {
        stores.answers.add(() -> {
            throw new IllegalStateException("no thread to run the probes");
        });
        stores.answers.add(() -> List.of(REDIS_UP));

        IllegalStateException failed = assertThrows(IllegalStateException.class, () -> states.get().states());
        assertEquals("no thread to run the probes", failed.getMessage());
        assertEquals(List.of(REDIS_UP), states.get().states());
        assertEquals(2, stores.asked.get());
    }

    @Test
    void theStoresAreAskedAgainWithoutAnyProbe() throws InterruptedException {
        for (int i = 0; i < 50; i++) {
            stores.answers.add(() -> List.of(REDIS_UP));
        }
        StoreStates inline = new StoreStates(stores::ask, Runnable::run, now::get);
        ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();
        try {
            inline.askEvery(scheduler, Duration.ofMillis(10));
            long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (stores.asked.get() < 3 && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertTrue(stores.asked.get() >= 3, "asked " + stores.asked.get() + " times without a probe");
        } finally {
            scheduler.shutdownNow();
        }
    }
}
