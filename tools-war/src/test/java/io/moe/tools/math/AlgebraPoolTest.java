package io.moe.tools.math;

import io.moe.domain.shared.Refusal.Kind;

import io.moe.tools.ToolException;
import org.junit.jupiter.api.Test;
import org.matheclipse.core.expression.F;
import org.matheclipse.core.interfaces.IExpr;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Symja evaluations run on a bounded pool and are stopped when they outlive their time limit. */
class AlgebraPoolTest {

    /** Evaluation steps without end: only the engine's stop request (or an interrupt) ends them. */
    private static IExpr endless(org.matheclipse.core.eval.ExprEvaluator evaluator) {
        while (true) {
            evaluator.getEvalEngine().evaluate(F.Plus(F.symbol("k"), F.C1));
        }
    }

    @Test
    void aFullPoolRefusesAtOnceWithMathBusy() throws Exception {
        try (AlgebraPool pool = new AlgebraPool(1, 0, Duration.ofSeconds(30))) {
            CountDownLatch started = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            CompletableFuture<Object> busy = CompletableFuture.supplyAsync(() -> pool.evaluate("expression", evaluator -> {
                started.countDown();
                try {
                    return release.await(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    return false;
                }
            }));
            assertTrue(started.await(30, TimeUnit.SECONDS));
            ToolException e = assertThrows(ToolException.class, () -> pool.evaluate("expression", evaluator -> 1));
            assertEquals(Kind.UNAVAILABLE, e.kind());
            assertEquals("math_busy", e.code());
            release.countDown();
            busy.get(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void aCallThatTimedOutWhileWaitingForAThreadGivesItsPlaceBack() throws Exception {
        try (AlgebraPool pool = new AlgebraPool(1, 1, Duration.ofMillis(300))) {
            CountDownLatch started = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            CompletableFuture<Object> holding = CompletableFuture.supplyAsync(() -> {
                try {
                    return pool.evaluate("expression", evaluator -> {
                        started.countDown();
                        while (true) { // ignores the engine's stop request and the interrupt, as a long big-number step does
                            try {
                                return release.await(30, TimeUnit.SECONDS);
                            } catch (InterruptedException ignored) {
                                // goes on waiting
                            }
                        }
                    });
                } catch (ToolException timedOut) {
                    return timedOut.code();
                }
            });
            assertTrue(started.await(30, TimeUnit.SECONDS));
            ToolException waited = assertThrows(ToolException.class, () -> pool.evaluate("expression", evaluator -> 1),
                    "it waited in the queue past the time limit");
            assertEquals("evaluation_timeout", waited.code());
            release.countDown();
            holding.get(30, TimeUnit.SECONDS);
            Instant deadline = Instant.now().plusSeconds(30);
            while (pool.busy() > 0 && Instant.now().isBefore(deadline)) {
                TimeUnit.MILLISECONDS.sleep(20);
            }
            assertEquals(0, pool.busy(), "neither place is lost");
        }
    }

    @Test
    void workThatOutlivesItsTimeLimitIsStoppedAndFreesItsThread() throws Exception {
        try (AlgebraPool pool = new AlgebraPool(1, 0, Duration.ofMillis(300))) {
            ToolException e = assertThrows(ToolException.class, () -> pool.evaluate("expression", AlgebraPoolTest::endless));
            assertEquals("evaluation_timeout", e.code());
            Instant deadline = Instant.now().plusSeconds(30);
            while (pool.busy() > 0 && Instant.now().isBefore(deadline)) {
                TimeUnit.MILLISECONDS.sleep(20);
            }
            assertEquals(0, pool.busy(), "the stopped evaluation still holds the only thread");
            IExpr two = pool.evaluate("expression", evaluator -> evaluator.eval("1+1"));
            assertEquals("2", two.toString());
        }
    }
}
