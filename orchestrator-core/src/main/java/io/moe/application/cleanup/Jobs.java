package io.moe.application.cleanup;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The cleanup jobs this system needs and has a store for: usage-log retention (PostgreSQL), semantic-cache pruning
 * by age and size and flagged graph relations (Neo4j). Traces and response records expire by themselves in Redis;
 * the event outbox only holds events until Kafka takes them, and dropping them would lose events, so neither is a
 * job here.
 */
@ApplicationScoped
public class Jobs {

    /** Most usage rows one run removes, so a first run on a large table does not hold a long transaction. */
    static final int USAGE_ROWS_PER_RUN = 100_000;

    @Inject
    UsageLogPruning usage;

    @Inject
    GraphPruning graph;

    private List<CleanupJob> all;

    public List<CleanupJob> all() {
        if (all == null) {
            all = List.of(
                    job("usage_log_retention", "Deletes usage-log rows older than the retention (at most 100,000 per run).",
                            365, 1_000_000, (s, now) -> usage.deleteOlderThan(now.minus(Duration.ofDays(s.retentionDays())), USAGE_ROWS_PER_RUN)),
                    job("semantic_cache_prune", "Deletes semantic-cache entries older than the retention, then the oldest beyond the maximum.",
                            30, 50_000, (s, now) -> graph.pruneCache(now.minus(Duration.ofDays(s.retentionDays())), s.maxEntries())),
                    job("graph_flagged_relations", "Deletes knowledge-graph relations flagged as wrong that are older than the retention.",
                            30, 1_000_000, (s, now) -> graph.deleteFlaggedRelations(now.minus(Duration.ofDays(s.retentionDays())))));
        }
        return all;
    }

    public Optional<CleanupJob> named(String name) {
        return all().stream().filter(j -> j.name().equals(name)).findFirst();
    }

    public List<String> names() {
        return all().stream().map(CleanupJob::name).toList();
    }

    private interface Removal {
        long run(JobSettings settings, Instant now);
    }

    private static CleanupJob job(String name, String description, int retentionDays, int maxEntries, Removal removal) {
        return new CleanupJob() {
            public String name() {
                return name;
            }

            public String description() {
                return description;
            }

            public JobSettings defaults() {
                return new JobSettings(name, false, 1_440, retentionDays, maxEntries);
            }

            public long run(JobSettings settings, Instant now) {
                return removal.run(settings, now);
            }
        };
    }
}
