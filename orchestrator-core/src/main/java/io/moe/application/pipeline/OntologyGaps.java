package io.moe.application.pipeline;

import io.moe.infrastructure.redis.RedisStore;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.List;
import java.util.Map;

/**
 * Terms of queries that the knowledge graph does not know, counted in the sorted set {@code moe:ontology-gaps}.
 * Bounded: terms longer than {@link #MAX_TERM} characters are not counted, and only the {@link #MAX_TERMS}
 * most frequent terms are kept, so users' queries cannot grow the set without end.
 */
@ApplicationScoped
public class OntologyGaps {

    static final String KEY = "moe:ontology-gaps";
    static final int MAX_TERM = 64;
    static final int MAX_TERMS = 10_000;
    /** KEYS[1] = set; ARGV: term, most terms kept. Counts the term, then drops the least frequent beyond the bound. */
    static final String COUNT = """
            redis.call('ZINCRBY', KEYS[1], 1, ARGV[1])
            local over = redis.call('ZCARD', KEYS[1]) - tonumber(ARGV[2])
            if over > 0 then redis.call('ZREMRANGEBYRANK', KEYS[1], 0, over - 1) end
            return 0
            """;

    @Inject
    RedisStore redis;

    public void unknown(String term) {
        if (term.length() <= MAX_TERM) {
            redis.eval(COUNT, List.of(KEY), List.of(term, String.valueOf(MAX_TERMS)));
        }
    }

    public List<Map.Entry<String, Double>> top(int n) {
        return redis.top(KEY, n);
    }
}
