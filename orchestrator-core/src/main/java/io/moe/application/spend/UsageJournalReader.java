package io.moe.application.spend;

import io.moe.domain.shared.Failures;
import io.moe.infrastructure.concurrency.WorkerThread;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.logging.Logger;

/**
 * Moves journaled usage rows ({@link UsageJournal}) into the usage log: one managed thread per node reads up to
 * {@value #BATCH} rows at a time, writes them in one transaction ({@link UsageWriter}, which skips rows already written,
 * so a row read twice is written once) and then acknowledges them. A write that fails leaves its rows unacknowledged; they
 * are read again after a pause (0.5 s, doubling to 16 s). After a batch that was not full the reader waits
 * {@link #LINGER} before reading again, so that rows arrive in the log within about a quarter of a second and a busy
 * node writes many per transaction instead of one per request. Every {@link #TAKE_OVER_EVERY} the reader also takes over the
 * rows another node took {@link #TAKE_OVER_AFTER} ago and never acknowledged — the rows of a node that died.
 */
@ApplicationScoped
public class UsageJournalReader {

    static final int BATCH = 500;
    static final Duration WAIT = Duration.ofMillis(500);
    static final Duration LINGER = Duration.ofMillis(250);
    static final Duration TAKE_OVER_AFTER = Duration.ofSeconds(15);
    static final Duration TAKE_OVER_EVERY = Duration.ofSeconds(5);
    static final long LONGEST_PAUSE_MILLIS = 16_000;
    private static final Duration STOP_WAIT = Duration.ofSeconds(10);
    private static final Logger LOG = Logger.getLogger(UsageJournalReader.class.getName());

    @Inject
    UsageJournal journal;

    @Inject
    UsageWriter writer;

    @Resource(lookup = "java:comp/DefaultManagedThreadFactory")
    ManagedThreadFactory threads;

    /** This node's name among the journal's readers. */
    final String name = "node-" + UUID.randomUUID().toString().substring(0, 8);
    long firstPauseMillis = 500;
    /** The wait after a batch that was not full, so that the next one gathers the rows of many requests. */
    Duration linger = LINGER;
    private volatile boolean stopping;
    private final WorkerThread worker = new WorkerThread("moe-usage-journal");

    /** Starts reading (once). */
    public void start() {
        if (!stopping) {
            worker.start(threads, this::readAndWrite);
        }
    }

    private void readAndWrite() {
        boolean unacknowledged = true;
        long nextTakeOver = System.nanoTime();
        long pause = 0;
        while (!stopping) {
            try {
                List<UsageJournal.Entry> entries;
                if (unacknowledged) {
                    entries = journal.readUnacknowledged(name, BATCH);
                    unacknowledged = !entries.isEmpty();
                } else if (System.nanoTime() - nextTakeOver >= 0) {
                    entries = journal.takeOver(name, TAKE_OVER_AFTER, BATCH);
                    nextTakeOver = System.nanoTime() + TAKE_OVER_EVERY.toNanos();
                } else {
                    entries = journal.readNew(name, BATCH, WAIT);
                }
                if (!entries.isEmpty()) {
                    writer.write(entries.stream().map(UsageJournal.Entry::row).toList());
                    journal.acknowledge(entries.stream().map(UsageJournal.Entry::journalId).toList());
                }
                pause = 0;
                if (!entries.isEmpty() && entries.size() < BATCH && linger.toMillis() > 0) {
                    Thread.sleep(linger.toMillis()); // let rows gather: one transaction for many, not one per request
                }
            } catch (InterruptedException stopped) {
                return;
            } catch (RuntimeException e) {
                unacknowledged = true;
                pause = pause == 0 ? firstPauseMillis : Math.min(pause * 2, LONGEST_PAUSE_MILLIS);
                long waited = pause;
                LOG.warning(() -> "Journaled usage rows not written, trying again in " + waited + " ms: " + Failures.describe(e));
                try {
                    Thread.sleep(pause);
                } catch (InterruptedException stopped) {
                    return;
                }
            }
        }
    }

    /** Stops reading; rows not yet acknowledged stay in the journal for the next start or another node. */
    @PreDestroy
    void stop() {
        stopping = true;
        worker.stop(STOP_WAIT);
    }
}
