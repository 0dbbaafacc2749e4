package io.moe.infrastructure.llm;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.faulttolerance.exceptions.BulkheadException;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The concurrency limit of each inference server on this node: a fair semaphore per server, sized by the
 * server's {@code concurrency}, so calls run in the order they asked and one busy server never holds up
 * another. At most {@code moe.servers.max-waiting} calls (default 100) wait per server; one more fails at once
 * with a {@link BulkheadException}, which the HTTP edge answers with 429 and a Retry-After; a wait longer than
 * the server's timeout fails with a {@link SlotWaitTimeout}, a timeout (504, not asked again). When a server's
 * concurrency is changed, new calls use a semaphore of the new size while calls already running finish on the old one.
 */
@ApplicationScoped
public class ServerSlots {

    @Inject
    @ConfigProperty(name = "moe.servers.max-waiting", defaultValue = "100")
    int maxWaiting;

    private final Map<String, Slots> byServer = new ConcurrentHashMap<>();

    public ServerSlots() {
    }

    /** Slots with the given wait bound, for code that runs without a container. */
    public ServerSlots(int maxWaiting) {
        this.maxWaiting = maxWaiting;
    }

    /** A slot taken on one server; {@link #close()} gives it back (once). */
    public interface Slot extends AutoCloseable {
        @Override
        void close();
    }

    /**
     * Takes one of {@code server}'s {@code concurrency} slots, waiting at most {@code maxWait} behind the calls
     * that asked before; throws {@link BulkheadException} when the wait queue is full or the wait ran out.
     */
    public Slot acquire(String server, int concurrency, Duration maxWait) throws InterruptedException {
        Slots slots = byServer.compute(server, (name, s) -> s == null || s.size != concurrency ? new Slots(concurrency) : s);
        if (!slots.permits.tryAcquire(0, TimeUnit.SECONDS)) {
            if (slots.waiting.incrementAndGet() > maxWaiting) {
                slots.waiting.decrementAndGet();
                throw new BulkheadException("all " + concurrency + " slots of inference server '" + server
                        + "' are busy and " + maxWaiting + " calls wait already (moe.servers.max-waiting)");
            }
            try {
                if (!slots.permits.tryAcquire(maxWait.toMillis(), TimeUnit.MILLISECONDS)) {
                    throw new SlotWaitTimeout("no slot of inference server '" + server + "' came free within "
                            + maxWait.toSeconds() + " s (its timeout)");
                }
            } finally {
                slots.waiting.decrementAndGet();
            }
        }
        return slots.slot();
    }

    /** How many calls run on {@code server} now (for tests and diagnostics). */
    int running(String server) {
        Slots s = byServer.get(server);
        return s == null ? 0 : s.size - s.permits.availablePermits();
    }

    /** How many calls wait for a slot of {@code server} now. */
    int waiting(String server) {
        Slots s = byServer.get(server);
        return s == null ? 0 : s.permits.getQueueLength();
    }

    private static final class Slots {
        final int size;
        final Semaphore permits;
        final AtomicInteger waiting = new AtomicInteger();

        Slots(int size) {
            this.size = size;
            this.permits = new Semaphore(size, true);
        }

        Slot slot() {
            java.util.concurrent.atomic.AtomicBoolean open = new java.util.concurrent.atomic.AtomicBoolean(true);
            return () -> {
                if (open.compareAndSet(true, false)) {
                    permits.release();
                }
            };
        }
    }

    /**
     * No slot came free within the server's timeout: the call waited as long as it may (a timeout, 504), unlike a full
     * wait queue, which refuses at once (429).
     */
    public static final class SlotWaitTimeout extends BulkheadException {
        private static final long serialVersionUID = 1L;

        public SlotWaitTimeout(String message) {
            super(message);
        }
    }
}
