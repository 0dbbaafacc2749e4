package io.moe.infrastructure.redis;

import io.moe.application.pipeline.graph.OntologyGapStore;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.List;
import java.util.Map;

/**
 * Ontology gaps in the Redis sorted set {@code moe:ontology-gaps}, the count as score, trimmed to the bound
 * ({@link BoundedCounts}).
 */
@ApplicationScoped
public class RedisOntologyGapStore implements OntologyGapStore {

    static final String KEY = "moe:ontology-gaps";

    @Inject
    RedisStore redis;

    @Override
    public void count(List<String> terms, int keep) {
        BoundedCounts.count(redis, KEY, keep, terms);
    }

    @Override
    public List<Map.Entry<String, Double>> top(int n) {
        return redis.top(KEY, n);
    }
}
