package io.moe.application.pipeline;

import io.moe.infrastructure.redis.RedisStore;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.List;
import java.util.Map;

/** Terms of queries that the knowledge graph does not know, counted in the sorted set {@code moe:ontology-gaps}. */
@ApplicationScoped
public class OntologyGaps {

    static final String KEY = "moe:ontology-gaps";

    @Inject
    RedisStore redis;

    public void unknown(String term) {
        redis.rank(KEY, term, 1);
    }

    public List<Map.Entry<String, Double>> top(int n) {
        return redis.top(KEY, n);
    }
}
