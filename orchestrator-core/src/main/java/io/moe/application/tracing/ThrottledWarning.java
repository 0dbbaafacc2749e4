package io.moe.application.tracing;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import java.util.logging.Logger;

/**
 * A warning that every request would repeat while a store is down: logged at most once per interval, the next one
 * saying how many were held back meanwhile. An outage then costs the log a line every few seconds instead of several per
 * request. The line logged carries its own request's trace id; those held back are only counted, so a warning that
 * belongs to one request's story (a planner that failed it, say) is not for this class. Thread-safe.
 */
public final class ThrottledWarning {

    /** The interval the service's warnings use. */
    public static final Duration EVERY = Duration.ofSeconds(10);

    private final Logger log;
    private final long everyNanos;
    private final LongSupplier nanos;
    private final AtomicLong next;
    private final AtomicLong heldBack = new AtomicLong();

    public ThrottledWarning(Logger log) {
        this(log, EVERY, System::nanoTime);
    }

    ThrottledWarning(Logger log, Duration every, LongSupplier nanos) {
        this.log = log;
        this.everyNanos = every.toNanos();
        this.nanos = nanos;
        this.next = new AtomicLong(nanos.getAsLong());
    }

    /** Logs {@code message} as a warning unless one was logged within the interval; then it only counts it. */
    public void warn(Supplier<String> message) {
        long now = nanos.getAsLong();
        long due = next.get();
        if (now - due >= 0 && next.compareAndSet(due, now + everyNanos)) {
            long held = heldBack.getAndSet(0);
            log.warning(() -> held == 0 ? message.get()
                    : message.get() + " (and " + held + " more like it in the last " + Duration.ofNanos(everyNanos).toSeconds()
                    + " s, not logged)");
        } else {
            heldBack.incrementAndGet();
        }
    }
}
