package io.moe.application.cleanup;

import java.time.Instant;

/** Port: removes usage rows older than a cutoff, at most {@code max} per call. */
public interface UsageLogPruning {

    long deleteOlderThan(Instant cutoff, int max);
}
