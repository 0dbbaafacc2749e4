package io.moe.infrastructure.graph;

import io.moe.application.cleanup.GraphPruning;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;

/**
 * Cleanup in Neo4j: semantic-cache entries ({@code :CacheEntry}) by age, then the oldest beyond a maximum, and
 * flagged relations by age. {@code created} is stored as an ISO-8601 UTC text, so a text comparison orders it.
 * Each statement deletes in batches of at most {@link #BATCH} (CALL … IN TRANSACTIONS is not used: the driver's
 * managed transactions cannot run it), and a run stops after {@link #MAX_BATCHES}.
 */
@ApplicationScoped
public class Neo4jGraphPruning implements GraphPruning {

    static final int BATCH = 10_000;
    static final int MAX_BATCHES = 100;
    private static final String OLD_CACHE = "MATCH (c:CacheEntry) WHERE c.created < $cutoff WITH c LIMIT $batch DETACH DELETE c RETURN count(*) AS n";
    private static final String COUNT = "MATCH (c:CacheEntry) RETURN count(c) AS n";
    private static final String OLDEST = "MATCH (c:CacheEntry) WITH c ORDER BY c.created ASC LIMIT $batch DETACH DELETE c RETURN count(*) AS n";
    private static final String FLAGGED = "MATCH ()-[r]->() WHERE r.flagged = true AND coalesce(r.created, '') < $cutoff "
            + "WITH r LIMIT $batch DELETE r RETURN count(*) AS n";

    @Inject
    Neo4jClient graph;

    @Override
    public long pruneCache(Instant cutoff, int keep) {
        long removed = repeat(OLD_CACHE, Map.of("cutoff", iso(cutoff), "batch", BATCH));
        for (int i = 0; i < MAX_BATCHES; i++) {
            long over = graph.read(COUNT, Map.of()).get(0).get("n").asLong() - keep;
            if (over <= 0) {
                break;
            }
            removed += graph.write(OLDEST, Map.of("batch", (int) Math.min(over, BATCH))).get(0).get("n").asLong();
        }
        return removed;
    }

    @Override
    public long deleteFlaggedRelations(Instant cutoff) {
        return repeat(FLAGGED, Map.of("cutoff", iso(cutoff), "batch", BATCH));
    }

    private long repeat(String cypher, Map<String, Object> parameters) {
        long total = 0;
        for (int i = 0; i < MAX_BATCHES; i++) {
            long n = graph.write(cypher, parameters).get(0).get("n").asLong();
            total += n;
            if (n < BATCH) {
                break;
            }
        }
        return total;
    }

    private static String iso(Instant instant) {
        return instant.atOffset(ZoneOffset.UTC).toString();
    }
}
