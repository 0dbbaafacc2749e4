package io.moe.tools.math;

import io.moe.domain.shared.Refusal.Kind;

import io.moe.tools.ToolException;
import org.matheclipse.core.eval.EvalEngine;
import org.matheclipse.core.eval.ExprEvaluator;

import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

/**
 * The threads that run Symja evaluations ({@code moe.tools.math.*}): a fixed number of threads and a
 * bounded queue, so concurrent calls cannot start more work than the server can hold. When all threads
 * are busy and the queue is full, a call is refused at once with 503 {@code math_busy}. A call that
 * outlives its time limit is a 422 {@code evaluation_timeout}, and its evaluation is stopped: Symja's
 * engine gets a stop request, which it checks at every evaluation step, and the thread is interrupted.
 */
public final class AlgebraPool implements AutoCloseable {

    private final ThreadPoolExecutor threads;
    /** Evaluations running or waiting: taken before a submission, given back when the evaluation really ended. */
    private final Semaphore places;
    private final int size;
    private final Duration timeLimit;

    /**
     * @param threads   evaluations that run at the same time
     * @param queue     evaluations that may wait for a thread (0: none wait)
     * @param timeLimit longest an evaluation may take
     */
    public AlgebraPool(int threads, int queue, Duration timeLimit) {
        AtomicInteger number = new AtomicInteger();
        // The places bound the work; the executor's own queue only hands it over, so a call that arrives while
        // a worker is between two evaluations waits for it instead of being refused.
        this.size = threads + Math.max(0, queue);
        this.places = new Semaphore(size);
        this.threads = new ThreadPoolExecutor(threads, threads, 0, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), r -> {
            Thread t = new Thread(r, "tool-algebra-" + number.incrementAndGet());
            t.setDaemon(true);
            return t;
        }, new ThreadPoolExecutor.AbortPolicy());
        this.timeLimit = timeLimit;
    }

    /** Runs {@code work} on a fresh evaluator within the time limit; failures are refusals naming {@code argument}. */
    <T> T evaluate(String argument, Function<ExprEvaluator, T> work) {
        AtomicReference<EvalEngine> engine = new AtomicReference<>();
        // Claimed by the evaluation when it starts, or by this call giving it up before: an evaluation cancelled while
        // it waited never runs, so the call gives its place back then; one that ran gives it back itself. Once only.
        AtomicBoolean claimed = new AtomicBoolean();
        AtomicBoolean released = new AtomicBoolean();
        Runnable giveBack = () -> {
            if (released.compareAndSet(false, true)) {
                places.release();
            }
        };
        Runnable giveUp = () -> { // the caller stops waiting: a place whose evaluation never started is given back now
            if (claimed.compareAndSet(false, true)) {
                giveBack.run();
            }
        };
        Future<T> result;
        if (!places.tryAcquire()) {
            throw busy(argument);
        }
        try {
            result = threads.submit(() -> {
                try {
                    if (!claimed.compareAndSet(false, true)) {
                        return null; // given up while it waited for a thread
                    }
                    ExprEvaluator evaluator = new ExprEvaluator(false, (short) 100);
                    engine.set(evaluator.getEvalEngine());
                    return work.apply(evaluator);
                } finally {
                    giveBack.run();
                }
            });
        } catch (RejectedExecutionException e) {
            giveBack.run();
            throw busy(argument);
        }
        try {
            return result.get(timeLimit.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            stop(engine.get());
            giveUp.run();
            result.cancel(true);
            throw new ToolException(Kind.UNPROCESSABLE, "evaluation_timeout", argument, "evaluation took longer than "
                    + seconds() + " s; simplify the input");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof ToolException t) {
                throw t;
            }
            throw ToolException.invalid(argument, "cannot evaluate: " + Algebra.firstLine(String.valueOf(cause.getMessage())));
        } catch (InterruptedException e) {
            stop(engine.get());
            giveUp.run();
            result.cancel(true);
            Thread.currentThread().interrupt();
            throw new ToolException(Kind.UNAVAILABLE, "interrupted", argument, "the server is stopping");
        }
    }

    /** Evaluations running or waiting now. */
    int busy() {
        return size - places.availablePermits();
    }

    private ToolException busy(String argument) {
        return new ToolException(Kind.UNAVAILABLE, "math_busy", argument, "all " + threads.getMaximumPoolSize()
                + " math workers are busy; retry in a few seconds");
    }

    private static void stop(EvalEngine engine) {
        if (engine != null) {
            engine.stopRequest();
        }
    }

    private String seconds() {
        long millis = timeLimit.toMillis();
        return millis % 1000 == 0 ? String.valueOf(millis / 1000) : String.valueOf(millis / 1000.0);
    }

    @Override
    public void close() {
        threads.shutdownNow();
    }
}
