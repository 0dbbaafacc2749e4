package io.moe.interfaces.health;

import io.moe.application.overview.StoreState;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

class StoresReadinessTest {

    /** Hands out the askings' answers in order, counting the askings. */
    private static final class Stores {
        final Deque<CompletableFuture<List<StoreState>>> answers = new ArrayDeque<>();
        final AtomicInteger asked = new AtomicInteger();

        CompletableFuture<List<StoreState>> ask() {
            asked.incrementAndGet();
            return answers.removeFirst();
        }
    }

    private static final StoreState REDIS_UP = new StoreState("Redis", true, "answers", 1);
    private static final StoreState REDIS_DOWN = new StoreState("Redis", false, "no answer within 3 s", 3000);

    private final AtomicLong now = new AtomicLong();
    private final Stores stores = new Stores();
    private final StoresReadiness readiness = new StoresReadiness(stores::ask, now::get);

    @Test
    void aProbeDoesNotWaitForAStoreThatHangsOnceTheFirstStatesAreKnown() {
        stores.answers.add(CompletableFuture.completedFuture(List.of(REDIS_UP)));
        CompletableFuture<List<StoreState>> hanging = new CompletableFuture<>();
        stores.answers.add(hanging);
        assertEquals(List.of(REDIS_UP), readiness.states());

        now.addAndGet(Duration.ofMillis(StoresReadiness.FRESH_MILLIS + 1).toNanos());
        // the stores are asked again and hang: probes answer with the states last found, and ask no one else meanwhile
        List<StoreState> whileAsking = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
            readiness.states();
            return readiness.states();
        }, "a probe waited for the stores");
        assertEquals(List.of(REDIS_UP), whileAsking);
        assertEquals(2, stores.asked.get());

        hanging.complete(List.of(REDIS_DOWN));
        assertEquals(List.of(REDIS_DOWN), readiness.states());
    }

    @Test
    void statesYoungerThanFiveSecondsAreNotAskedAgain() {
        stores.answers.add(CompletableFuture.completedFuture(List.of(REDIS_UP)));
        readiness.states();
        now.addAndGet(Duration.ofMillis(StoresReadiness.FRESH_MILLIS - 1).toNanos());
        assertEquals(List.of(REDIS_UP), readiness.states());
        assertEquals(1, stores.asked.get());
    }

    @Test
    void theFirstProbeTakesTheAnswersOfTheAskingBegunAtStart() {
        CompletableFuture<List<StoreState>> first = new CompletableFuture<>();
        stores.answers.add(first);
        readiness.onStart(new Object()); // the application started: the first asking begins

        CompletableFuture<List<StoreState>> probe = CompletableFuture.supplyAsync(readiness::states);
        first.complete(List.of(REDIS_UP));
        assertEquals(List.of(REDIS_UP), assertTimeoutPreemptively(Duration.ofSeconds(10), () -> probe.join()));
        assertEquals(1, stores.asked.get());
    }

    @Test
    void aFirstAskingThatFailedFailsItsProbeAndTheNextProbeAsksAgain() {
        stores.answers.add(CompletableFuture.failedFuture(new IllegalStateException("no thread to run the probes")));
        stores.answers.add(CompletableFuture.completedFuture(List.of(REDIS_UP)));

        CompletionException failed = assertThrows(CompletionException.class, readiness::states);
        assertEquals("no thread to run the probes", rootMessage(failed));
        assertEquals(List.of(REDIS_UP), readiness.states());
        assertEquals(2, stores.asked.get());
    }

    private static String rootMessage(Throwable e) {
        while (e.getCause() != null) {
            e = e.getCause();
        }
        return e.getMessage();
    }
}
