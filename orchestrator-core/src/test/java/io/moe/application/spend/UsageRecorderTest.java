package io.moe.application.spend;

import io.moe.application.ManagedThreads;
import io.moe.domain.identity.UsageEntry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;

import static io.moe.application.ManagedThreads.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class UsageRecorderTest {

    private final List<Thread> started = new CopyOnWriteArrayList<>();

    @AfterEach
    void stop() {
        started.forEach(Thread::interrupt);
    }

    /** A usage log in memory that can be told to fail its next writes or to hold the first one. */
    static final class Log extends UsageWriter {
        final Set<String> ids = ConcurrentHashMap.newKeySet();
        final List<Integer> batches = new CopyOnWriteArrayList<>();
        final AtomicInteger failuresLeft = new AtomicInteger();
        volatile String refusedId;
        volatile CountDownLatch hold;

        @Override
        public void write(List<UsageEntry> entries) {
            CountDownLatch latch = hold;
            if (latch != null) {
                hold = null;
                try {
                    latch.await();
                } catch (InterruptedException e) {
                    throw new IllegalStateException("interrupted while writing");
                }
            }
            if (failuresLeft.getAndDecrement() > 0) {
                throw new IllegalStateException("database unavailable");
            }
            if (entries.stream().anyMatch(e -> e.id().equals(refusedId))) {
                throw new IllegalStateException("row refused");
            }
            batches.add(entries.size());
            entries.forEach(e -> ids.add(e.id()));
        }
    }

    private UsageRecorder recorder(Log log) {
        UsageRecorder recorder = new UsageRecorder();
        recorder.writer = log;
        recorder.firstPauseMillis = 1;
        recorder.threads = ManagedThreads.threads(started);
        return recorder;
    }

    private static UsageEntry row(int n) {
        return new UsageEntry("u1", "k1", "r" + n, "m", "native", 10, 5, UsageEntry.OK, OffsetDateTime.parse("2026-11-26T08:00:00Z"));
    }

    @Test
    void rowsQueuedWhileAWriteRunsGoIntoOneBatchOfAtMost500() {
        Log log = new Log();
        CountDownLatch release = new CountDownLatch(1);
        log.hold = release;
        UsageRecorder recorder = recorder(log);
        recorder.record(row(0));
        until(() -> log.hold == null, "the writer taking the first row");
        List<UsageEntry> queued = IntStream.range(1, 1201).mapToObj(UsageRecorderTest::row).toList();
        queued.forEach(recorder::record);
        release.countDown();

        until(() -> log.ids.size() == 1201, "writing every row");
        assertEquals(List.of(1, 500, 500, 200), log.batches, "the first row alone, then the queue in batches of 500");
        assertTrue(queued.stream().allMatch(e -> log.ids.contains(e.id())));
    }

    @Test
    void aBatchTheDatabaseRefusesIsWrittenOnALaterAttempt() {
        Log log = new Log();
        log.failuresLeft.set(3);
        UsageRecorder recorder = recorder(log);
        UsageEntry entry = row(1);
        recorder.record(entry);

        until(() -> log.ids.contains(entry.id()), "writing the row on its fourth attempt");
        recorder.record(row(2));
        until(() -> log.ids.size() == 2, "writing the next row once the database is back");
    }

    @Test
    void afterTheLastAttemptTheRowsOfABatchAreTriedOneByOneAndOnlyTheBadOneIsLost() {
        Log log = new Log();
        CountDownLatch release = new CountDownLatch(1);
        log.hold = release;
        UsageRecorder recorder = recorder(log);
        recorder.record(row(0));
        UsageEntry bad = row(1);
        UsageEntry good = row(2);
        log.refusedId = bad.id();
        recorder.record(bad);
        recorder.record(good);
        release.countDown();

        until(() -> log.ids.contains(good.id()), "writing the good row of the refused batch on its own");
        assertTrue(!log.ids.contains(bad.id()), "the refused row is logged, not written");
    }

    @Test
    void stoppingTheApplicationWritesWhatIsStillQueued() {
        Log log = new Log();
        log.hold = new CountDownLatch(1); // the first write hangs until the stop interrupts it
        UsageRecorder recorder = recorder(log);
        recorder.record(row(0));
        until(() -> log.hold == null, "the writer taking the first row");
        IntStream.range(1, 701).mapToObj(UsageRecorderTest::row).forEach(recorder::record);

        recorder.writeRemaining();

        assertEquals(701, log.ids.size());
        assertEquals(List.of(1, 500, 200), log.batches, "the interrupted row on its own, then the queue");
        UsageEntry late = row(701);
        recorder.record(late);
        assertTrue(log.ids.contains(late.id()), "a row recorded while the application stops is written at once");
        assertEquals(1, started.size(), "no writer starts once the application stops");
    }
}
