package io.moe.application.overview;

/** The semantic cache's lookups on this node since it started: hard hits, soft hits and misses. */
public record CacheStatistics(long hardHits, long softHits, long misses) {

    public long lookups() {
        return hardHits + softHits + misses;
    }

    /** Hard and soft hits as a share of all lookups, 0 to 1; 0 when nothing was looked up yet. */
    public double hitRate() {
        return lookups() == 0 ? 0 : (double) (hardHits + softHits) / lookups();
    }
}
