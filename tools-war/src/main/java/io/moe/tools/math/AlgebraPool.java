package io.moe.tools.math;

import io.moe.domain.shared.Refusal.Kind;

import io.moe.tools.ToolException;
import org.matheclipse.core.eval.EvalEngine;
import org.matheclipse.core.eval.ExprEvaluator;

import java.time.Duration;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
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
    private final Duration timeLimit;

    /**
     * @param threads   evaluations that run at the same time
     * @param queue     evaluations that may wait for a thread (0: none wait)
     * @param timeLimit longest an evaluation may take
     */
    public AlgebraPool(int threads, int queue, Duration timeLimit) {
        AtomicInteger number = new AtomicInteger();
        BlockingQueue<Runnable> waiting = queue > 0 ? new ArrayBlockingQueue<>(queue) : new SynchronousQueue<>();
        this.threads = new ThreadPoolExecutor(threads, threads, 0, TimeUnit.SECONDS, waiting, r -> {
            Thread t = new Thread(r, "tool-algebra-" + number.incrementAndGet());
            t.setDaemon(true);
            return t;
        }, new ThreadPoolExecutor.AbortPolicy());
        this.timeLimit = timeLimit;
    }

    /** Runs {@code work} on a fresh evaluator within the time limit; failures are refusals naming {@code argument}. */
    <T> T evaluate(String argument, Function<ExprEvaluator, T> work) {
        AtomicReference<EvalEngine> engine = new AtomicReference<>();
        Future<T> result;
        try {
            result = threads.submit(() -> {
                ExprEvaluator evaluator = new ExprEvaluator(false, (short) 100);
                engine.set(evaluator.getEvalEngine());
                return work.apply(evaluator);
            });
        } catch (RejectedExecutionException e) {
            throw new ToolException(Kind.UNAVAILABLE, "math_busy", argument, "all " + threads.getMaximumPoolSize()
                    + " math workers are busy; retry in a few seconds");
        }
        try {
            return result.get(timeLimit.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            stop(engine.get());
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
            result.cancel(true);
            Thread.currentThread().interrupt();
            throw new ToolException(Kind.UNAVAILABLE, "interrupted", argument, "the server is stopping");
        }
    }

    /** Evaluations running or waiting now. */
    int busy() {
        return threads.getActiveCount() + threads.getQueue().size();
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
