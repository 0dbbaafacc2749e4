package io.moe.application.cleanup;

import java.time.Instant;

/**
 * One cleanup job: a stable name (as {@code /api/cleanup/run/{job}} takes it), what it removes, and the removal
 * itself, bounded by the job's settings. Returns how many entries it removed.
 */
public interface CleanupJob {

    String name();

    String description();

    /** The job's settings before an admin changes them (always disabled: nothing is deleted unasked). */
    JobSettings defaults();

    /** Removes what is due; {@code now} is the run's start. */
    long run(JobSettings settings, Instant now);
}
