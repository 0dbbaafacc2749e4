package io.moe.application.refresh;

import io.moe.domain.shared.Failures;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import java.util.logging.Logger;

/**
 * A value read from a store and served from memory: read by its first caller (or in the background from
 * {@link #readSoon}, which a first caller then waits for), then again in the background once older than {@code every}
 * (callers go on with the value they have meanwhile; one read at a time), and by the next caller after
 * {@link #invalidate} (a write on this node). With {@code every} zero ("always current") a caller waits for the read it
 * started, but at most {@link #LONGEST_WAIT}. A read that fails leaves the last value in service — requests keep being
 * routed with what was known while the database is away — and is tried again after {@code every}; only a caller that
 * has no value at all gets the failure. A value that was not read again for a long while ({@link #LONG_IDLE}, at least
 * twelve times {@code every}: a node that served nothing) is waited for, as an always-current one, so its first caller
 * does not get an hour-old value. A read that began before an {@link #invalidate} does not end it: the next caller reads
 * again.
 */
public final class Refreshed<T> {

    /** The longest a caller waits for a read of an "always current" value before it goes on with the one it has. */
    public static final Duration LONGEST_WAIT = Duration.ofSeconds(2);
    /** The least time after which a value not read again is waited for (see above). */
    static final Duration LONG_IDLE = Duration.ofMinutes(1);
    private static final Logger LOG = Logger.getLogger(Refreshed.class.getName());

    private final String what;
    private final Supplier<T> read;
    private final Supplier<Duration> every;
    private final Supplier<? extends Executor> background;
    private final LongSupplier nanos;
    private final AtomicReference<CompletableFuture<T>> reading = new AtomicReference<>();
    private volatile T value;
    private volatile long readAt;
    private volatile boolean invalid = true;
    private final AtomicLong invalidations = new AtomicLong();

    /**
     * {@code what} names the value in the log; {@code background} runs the reads of old values (without one, no
     * container, they run on the caller's thread).
     */
    public Refreshed(String what, Supplier<T> read, Supplier<Duration> every, Supplier<? extends Executor> background) {
        this(what, read, every, background, System::nanoTime);
    }

    /** Like the other, with {@code nanos} as the clock (for tests). */
    public Refreshed(String what, Supplier<T> read, Supplier<Duration> every, Supplier<? extends Executor> background,
                     LongSupplier nanos) {
        this.what = what;
        this.read = read;
        this.every = every;
        this.background = background;
        this.nanos = nanos;
    }

    /**
     * The value: when there is none, the result of the read under way or of one read now; when invalidated, read now;
     * else as it is (read again in the background when old).
     */
    public T get() {
        T current = value;
        if (current == null) {
            CompletableFuture<T> running = reading.get();
            return running != null ? joined(running) : readNow(null);
        }
        if (invalid) {
            return readNow(current);
        }
        Duration age = every.get();
        long elapsed = nanos.getAsLong() - readAt;
        if (elapsed <= age.toNanos()) {
            return current;
        }
        CompletableFuture<T> again = readSoon();
        boolean longIdle = elapsed > Math.max(LONG_IDLE.toNanos(), age.multipliedBy(12).toNanos());
        if (!age.isZero() && !longIdle) {
            return current;
        }
        try {
            return again.get(LONGEST_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException | ExecutionException e) {
            return current;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return current;
        }
    }

    /** Reads at once; when that fails, {@code fallback} (if any) stays in service and the failure is logged, else thrown. */
    public T readNow(T fallback) {
        long before = invalidations.get();
        try {
            T fresh = read.get();
            value = fresh;
            readAt = nanos.getAsLong();
            invalid = invalidations.get() != before; // a write committed while this read ran: read again
            return fresh;
        } catch (RuntimeException e) {
            if (fallback == null) {
                throw e;
            }
            readAt = nanos.getAsLong();
            invalid = invalidations.get() != before;
            LOG.warning(() -> "Could not read the " + what + " again, going on with those read before: " + Failures.describe(e));
            return fallback;
        }
    }

    /** The next caller reads the value again. */
    public void invalidate() {
        invalidations.incrementAndGet();
        invalid = true;
    }

    /**
     * The read running in the background, started when none runs (at start-up, so that the first caller finds the value
     * or the read under way); it completes with the value in service afterwards.
     */
    public CompletableFuture<T> readSoon() {
        CompletableFuture<T> started = new CompletableFuture<>();
        CompletableFuture<T> running = reading.compareAndExchange(null, started);
        if (running != null) {
            return running;
        }
        Runnable again = () -> {
            try {
                started.complete(readNow(value));
            } catch (RuntimeException e) {
                started.completeExceptionally(e);
            } finally {
                reading.set(null);
            }
        };
        Executor executor = background.get();
        try {
            if (executor == null) {
                again.run();
            } else {
                executor.execute(again);
            }
        } catch (RejectedExecutionException e) {
            reading.set(null);
            started.completeExceptionally(e);
        }
        return started;
    }

    /** The outcome of a read under way; its failure is thrown as it was thrown by the read. */
    private static <T> T joined(CompletableFuture<T> running) {
        try {
            return running.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException failure) {
                throw failure;
            }
            throw e;
        }
    }
}
