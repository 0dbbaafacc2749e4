package io.moe.application.spend;

import io.moe.infrastructure.concurrency.WorkerThread;
import io.moe.domain.identity.UsageEntry;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Writes usage rows off the request thread: a request only puts its row in a queue, and one writer thread takes up to
 * {@value #BATCH} rows from it into each transaction, so a busy node writes far fewer, larger transactions than it
 * answers requests, and a request pays no hand-over to an executor. A batch that fails is retried with growing pauses
 * (0.5 s to 16 s, six attempts) while newer rows wait in the queue; after the last attempt its rows are tried one by one,
 * and a row that still cannot be written is logged in full at SEVERE so an operator can replay it. The queue holds at
 * most {@value #QUEUE_LIMIT} rows (a row beyond that is logged the same way). Stopping the application writes what is
 * queued; what a crash loses: the rows queued in memory at that moment.
 */
@ApplicationScoped
public class UsageRecorder {

    static final int ATTEMPTS = 6;
    static final int BATCH = 500;
    static final int QUEUE_LIMIT = 100_000;
    private static final Duration STOP_WAIT = Duration.ofSeconds(10);
    private static final Logger LOG = Logger.getLogger(UsageRecorder.class.getName());

    @Inject
    UsageWriter writer;

    @Resource(lookup = "java:comp/DefaultManagedThreadFactory")
    ManagedThreadFactory threads;

    /** The pause before a batch's second attempt; each later pause is twice the one before. */
    long firstPauseMillis = 500;

    private final BlockingQueue<UsageEntry> queue = new LinkedBlockingQueue<>(QUEUE_LIMIT);
    private volatile boolean stopping;
    private final WorkerThread worker = new WorkerThread("moe-usage-writer");

    public void record(UsageEntry entry) {
        if (stopping) {
            writeOneByOne(List.of(entry)); // a request that ends while the application stops
            return;
        }
        if (!worker.started()) {
            worker.start(threads, this::writeQueued); // the first row only: no lock on the request path afterwards
        }
        if (!queue.offer(entry)) {
            lost(entry, "the queue of unwritten usage rows is full (" + QUEUE_LIMIT + " rows)", null);
        }
    }

    /** The writer thread: waits for a row, then writes it with whatever else is queued, batch after batch. */
    private void writeQueued() {
        while (!stopping) {
            try {
                UsageEntry first = queue.poll(1, TimeUnit.SECONDS);
                if (first == null) {
                    continue;
                }
                List<UsageEntry> batch = new ArrayList<>(BATCH);
                batch.add(first);
                queue.drainTo(batch, BATCH - 1);
                write(batch);
            } catch (InterruptedException e) {
                return; // stopping: what is left is written by writeRemaining
            }
        }
    }

    /** Writes one batch, retrying it with growing pauses; afterwards row by row. */
    private void write(List<UsageEntry> batch) throws InterruptedException {
        for (int attempt = 1; ; attempt++) {
            try {
                writer.write(batch);
                return;
            } catch (RuntimeException e) {
                if (attempt >= ATTEMPTS || stopping) {
                    writeOneByOne(batch);
                    return;
                }
                long pause = firstPauseMillis << (attempt - 1);
                int tried = attempt;
                LOG.warning(() -> batch.size() + " usage rows not written (attempt " + tried + "), retrying in " + pause
                        + " ms: " + e.getMessage());
                Thread.sleep(pause);
            }
        }
    }

    private void writeOneByOne(List<UsageEntry> batch) {
        for (UsageEntry entry : batch) {
            try {
                writer.write(List.of(entry));
            } catch (RuntimeException e) {
                lost(entry, "not written after " + ATTEMPTS + " attempts", e);
            }
        }
    }

    /** Stops the writer and writes what is still queued when the application stops; a row that cannot be written is logged. */
    @PreDestroy
    void writeRemaining() {
        stopping = true;
        worker.stop(STOP_WAIT);
        List<UsageEntry> rest = new ArrayList<>();
        queue.drainTo(rest);
        for (int from = 0; from < rest.size(); from += BATCH) {
            List<UsageEntry> batch = rest.subList(from, Math.min(rest.size(), from + BATCH));
            try {
                writer.write(List.copyOf(batch));
            } catch (RuntimeException e) {
                batch.forEach(entry -> lost(entry, "not written while the application stopped", e));
            }
        }
    }

    private static void lost(UsageEntry entry, String why, Exception cause) {
        LOG.log(Level.SEVERE, "Usage row lost, " + why + ": id=" + entry.id() + " user=" + entry.userId()
                + " key=" + entry.apiKeyId() + " request=" + entry.requestId() + " model=" + entry.model()
                + " prompt=" + entry.promptTokens() + " completion=" + entry.completionTokens()
                + " status=" + entry.status() + " at=" + entry.requestedAt(), cause);
    }
}
