package io.moe.application.spend;

import io.moe.application.ManagedThreads;
import io.moe.domain.identity.UsageEntry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static io.moe.application.ManagedThreads.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Journaled usage rows reach the usage log once acknowledged, survive a failed write, and a dead node's rows are taken over. */
class UsageJournalReaderTest {

    private final List<Thread> started = new CopyOnWriteArrayList<>();
    private final MemoryJournal journal = new MemoryJournal();
    private final UsageRecorderTest.Log log = new UsageRecorderTest.Log();

    @AfterEach
    void stop() {
        started.forEach(Thread::interrupt);
    }

    @Test
    void journaledRowsAreWrittenAndThenAcknowledged() {
        List<UsageEntry> rows = List.of(row(1), row(2), row(3));
        rows.forEach(journal::add);
        reader().start();
        until(() -> journal.isEmpty(), "acknowledging the rows");
        assertTrue(rows.stream().allMatch(r -> log.ids.contains(r.id())), "every row is in the usage log");
    }

    @Test
    void rowsOfAFailedWriteStayInTheJournalAndAreWrittenLater() {
        log.failuresLeft.set(2);
        UsageEntry row = row(1);
        journal.add(row);
        reader().start();
        until(() -> journal.isEmpty(), "writing the row once the database answers");
        assertTrue(log.ids.contains(row.id()));
    }

    @Test
    void rowsADeadNodeTookAndNeverAcknowledgedAreTakenOver() {
        UsageEntry row = row(1);
        journal.add(row);
        assertEquals(1, journal.readNew("dead-node", 10, Duration.ZERO).size(), "a node takes the row, then dies");
        UsageJournalReader reader = reader();
        reader.start();
        until(() -> journal.isEmpty(), "the row taken over and written");
        assertTrue(log.ids.contains(row.id()));
        assertEquals(List.of("dead-node->" + reader.name), journal.takenOver);
    }

    private UsageJournalReader reader() {
        UsageJournalReader reader = new UsageJournalReader();
        reader.journal = journal;
        reader.writer = log;
        reader.firstPauseMillis = 1;
        reader.threads = ManagedThreads.threads(started);
        return reader;
    }

    private static UsageEntry row(int n) {
        return new UsageEntry("u1", "k1", "r" + n, "m", "native", 10, 5, UsageEntry.OK, OffsetDateTime.parse("2026-11-26T08:00:00Z"));
    }

    /** A journal in memory: each entry is new, or held by a reader until acknowledged; any held entry counts as idle. */
    private static final class MemoryJournal implements UsageJournal {
        private final Map<String, UsageEntry> rows = new LinkedHashMap<>();
        private final Map<String, String> heldBy = new LinkedHashMap<>();
        final List<String> takenOver = new CopyOnWriteArrayList<>();
        private int next;

        synchronized void add(UsageEntry row) {
            rows.put(String.valueOf(next++), row);
        }

        @Override
        public synchronized boolean append(UsageEntry row) {
            add(row);
            return true;
        }

        synchronized boolean isEmpty() {
            return rows.isEmpty();
        }

        @Override
        public synchronized List<Entry> readNew(String reader, int max, Duration wait) {
            List<Entry> out = new ArrayList<>();
            rows.forEach((id, row) -> {
                if (!heldBy.containsKey(id) && out.size() < max) {
                    heldBy.put(id, reader);
                    out.add(new Entry(id, row));
                }
            });
            return out;
        }

        @Override
        public synchronized List<Entry> readUnacknowledged(String reader, int max) {
            return rows.entrySet().stream().filter(e -> reader.equals(heldBy.get(e.getKey())))
                    .map(e -> new Entry(e.getKey(), e.getValue())).limit(max).toList();
        }

        @Override
        public synchronized List<Entry> takeOver(String reader, Duration idle, int max) {
            List<Entry> out = new ArrayList<>();
            heldBy.forEach((id, holder) -> {
                if (!holder.equals(reader) && out.size() < max) {
                    takenOver.add(holder + "->" + reader);
                    out.add(new Entry(id, rows.get(id)));
                }
            });
            out.forEach(e -> heldBy.put(e.journalId(), reader));
            return out;
        }

        @Override
        public synchronized void acknowledge(List<String> journalIds) {
            journalIds.forEach(id -> {
                rows.remove(id);
                heldBy.remove(id);
            });
        }
    }
}
