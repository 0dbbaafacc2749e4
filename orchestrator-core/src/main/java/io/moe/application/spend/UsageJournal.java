package io.moe.application.spend;

import io.moe.domain.identity.UsageEntry;

import java.time.Duration;
import java.util.List;

/**
 * The shared journal of usage rows not yet in the usage log: a request's row is added to it in the same atomic step
 * that settles the request's budget ({@link AdmissionCounters#release}), so the counters and the rows agree and an
 * answered request's row survives the node that answered it. Readers on every node take rows from it, write them to
 * the usage log and acknowledge them; a row a reader took and never acknowledged (its node died) can be taken over by
 * another. Every method fails with a runtime exception when the journal cannot be reached.
 */
public interface UsageJournal {

    /** A journaled row under its journal id. */
    record Entry(String journalId, UsageEntry row) {
    }

    /** New rows for {@code reader}, at most {@code max}, waiting at most {@code wait} for the first. */
    List<Entry> readNew(String reader, int max, Duration wait);

    /** Rows handed to {@code reader} earlier and not acknowledged (a write that failed), at most {@code max}. */
    List<Entry> readUnacknowledged(String reader, int max);

    /** Rows any other reader took at least {@code idle} ago and never acknowledged, now handed to {@code reader}. */
    List<Entry> takeOver(String reader, Duration idle, int max);

    /** Removes rows that are in the usage log. */
    void acknowledge(List<String> journalIds);

    /**
     * Adds the row of a request that changed no counter (refused for its budget before it ran); false when the journal
     * is full.
     */
    boolean append(UsageEntry row);
}
