package io.moe.application.cleanup;

import java.time.Instant;

/** Port: removal in the knowledge graph store: semantic-cache entries by age and count, flagged relations by age. */
public interface GraphPruning {

    /** Deletes cache entries created before {@code cutoff}, then the oldest beyond {@code keep}; returns how many. */
    long pruneCache(Instant cutoff, int keep);

    /** Deletes relations flagged as wrong and created before {@code cutoff}; returns how many. */
    long deleteFlaggedRelations(Instant cutoff);
}
