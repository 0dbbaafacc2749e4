package io.moe.application.cleanup;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Port: the jobs' settings and run history, shared by every node. */
public interface CleanupStore {

    /** Runs kept in the history; older ones are removed when a run is recorded. */
    int KEPT_RUNS = 1_000;

    Optional<JobSettings> settings(String job);

    void save(JobSettings settings);

    /**
     * Claims the scheduled run of {@code run}'s job if it is enabled and due at the run's start, moving its next due time
     * on, and records the run as running, in one transaction (a claimed run is never missing from the history); true on
     * exactly one node however many ask at once.
     */
    boolean claimDue(CleanupRun run);

    /**
     * Ends as failed, with {@code message}, every run still running that started before {@code startedBefore}: its node
     * stopped or died while it ran. Returns how many.
     */
    int interrupted(Instant startedBefore, Instant at, String message);

    Optional<Instant> nextRun(String job);

    void started(CleanupRun run);

    void finished(String runId, Instant at, String status, long removed, String message);

    /** The newest runs, of {@code job} or (null) of every job, newest first. */
    List<CleanupRun> history(String job, int limit);
}
