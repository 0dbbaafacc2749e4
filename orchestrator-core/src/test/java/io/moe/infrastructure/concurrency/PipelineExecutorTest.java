package io.moe.infrastructure.concurrency;

import io.moe.application.pipeline.Fakes;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A fan-out: every branch runs at once, the first on the caller's thread; results in order; a failure after all ended. */
class PipelineExecutorTest {

    private final PipelineExecutor executor = Fakes.executor();

    @Test
    void theFirstBranchRunsOnTheCallersThreadAndTheOthersBesideIt() {
        Thread caller = Thread.currentThread();
        CountDownLatch bothStarted = new CountDownLatch(2);
        Supplier<Thread> meetsTheOther = () -> {
            bothStarted.countDown();
            try {
                assertTrue(bothStarted.await(10, TimeUnit.SECONDS), "the branches ran one after the other");
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            return Thread.currentThread();
        };
        List<Thread> ran = executor.all(List.of(meetsTheOther, meetsTheOther));
        assertSame(caller, ran.get(0));
        assertNotEquals(caller, ran.get(1));
    }

    @Test
    void resultsComeInTheOrderGiven() {
        assertEquals(List.of("a", "b", "c"), executor.all(List.<Supplier<String>>of(() -> "a", () -> "b", () -> "c")));
        assertEquals(List.of(), executor.all(List.<Supplier<String>>of()));
    }

    @Test
    void aFailingFirstBranchIsThrownOnceTheOthersHaveEnded() {
        AtomicBoolean otherEnded = new AtomicBoolean();
        CountDownLatch failed = new CountDownLatch(1);
        CompletionException thrown = assertThrows(CompletionException.class, () -> executor.all(List.<Supplier<String>>of(() -> {
            failed.countDown();
            throw new IllegalArgumentException("first failed");
        }, () -> {
            try {
                failed.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            otherEnded.set(true);
            return "second";
        })));
        assertEquals("first failed", thrown.getCause().getMessage());
        assertTrue(otherEnded.get(), "the other branch ended before the failure was thrown");
    }
}
