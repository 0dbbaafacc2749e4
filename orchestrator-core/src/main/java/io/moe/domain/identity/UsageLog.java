package io.moe.domain.identity;

import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.Collection;
import java.util.List;

/** Port: the append-only log of what each request used and how it ended. */
public interface UsageLog {

    /** Appends the entry unless an entry with its id is already logged (so a retried write is harmless). */
    default void append(UsageEntry entry) {
        appendAll(List.of(entry));
    }

    /** Appends the entries whose ids are not logged yet, in one unit of work (a retried batch is harmless). */
    void appendAll(Collection<UsageEntry> entries);

    /** The user's latest entries, newest first, at most {@code max}. */
    List<UsageEntry> recent(String userId, int max);

    /**
     * The user's totals over all time, one row per status: {@code [status, requests, prompt tokens,
     * completion tokens, total tokens, weighted tokens]}.
     */
    List<Object[]> totals(String userId);

    /** Requests, tokens, budget refusals and errors of all users since {@code since}. */
    UsageTotals totalsSince(OffsetDateTime since);

    /** The users with the most tokens since {@code since}, most first, at most {@code max}; the key is the user id. */
    List<UsageRanking> busiestUsers(OffsetDateTime since, int max);

    /** The requested models with the most tokens since {@code since}, most first, at most {@code max}. */
    List<UsageRanking> busiestModels(OffsetDateTime since, int max);

    /** The latest entries with status {@code error} of all users, newest first, at most {@code max}. */
    List<UsageEntry> recentErrors(int max);

    /**
     * Requests and tokens per UTC day since {@code since} (days without requests are absent), of one user, or of
     * everyone when {@code userId} is null, of one model, or of all when {@code model} is null; the ranking's key is
     * the day (ISO date).
     */
    List<UsageRanking> perDay(String userId, LocalDate since, String model);

    /**
     * The user's entries from {@code from} (inclusive) to {@code to} (exclusive), newest first, only of
     * {@code model} when it is not null, at most {@code max}.
     */
    List<UsageEntry> search(String userId, OffsetDateTime from, OffsetDateTime to, String model, int max);

    /** The user's requests and tokens per requested model from {@code from} to {@code to}, most tokens first. */
    List<UsageRanking> perModel(String userId, OffsetDateTime from, OffsetDateTime to);

    /** The user's usage per UTC month since {@code since}, oldest first (months without requests are absent). */
    List<UsagePeriod> perMonth(String userId, LocalDate since);
}
