package io.moe.domain.identity;

import java.util.List;

/** Port: the append-only log of what each request used and how it ended. */
public interface UsageLog {

    /** Appends the entry unless an entry with its id is already logged (so a retried write is harmless). */
    void append(UsageEntry entry);

    /** The user's latest entries, newest first, at most {@code max}. */
    List<UsageEntry> recent(String userId, int max);

    /**
     * The user's totals over all time, one row per status: {@code [status, requests, prompt tokens,
     * completion tokens, total tokens]}.
     */
    List<Object[]> totals(String userId);
}
