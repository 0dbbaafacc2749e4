package io.moe.infrastructure.redis;

import io.moe.application.pipeline.graph.OntologyGapStore;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Ontology gaps in the Redis sorted set {@code moe:ontology-gaps}, the count as score; counting and
 * trimming to the bound are one Lua script.
 */
@ApplicationScoped
public class RedisOntologyGapStore implements OntologyGapStore {

    static final String KEY = "moe:ontology-gaps";
    /** KEYS[1] = set; ARGV: most terms kept, then the terms. Counts each term, then drops the least frequent beyond the bound. */
    static final String COUNT = """
            for i = 2, #ARGV do redis.call('ZINCRBY', KEYS[1], 1, ARGV[i]) end
            local over = redis.call('ZCARD', KEYS[1]) - tonumber(ARGV[1])
            if over > 0 then redis.call('ZREMRANGEBYRANK', KEYS[1], 0, over - 1) end
            return 0
            """;

    @Inject
    RedisStore redis;

    @Override
    public void count(List<String> terms, int keep) {
        List<String> args = new ArrayList<>(terms.size() + 1);
        args.add(String.valueOf(keep));
        args.addAll(terms);
        redis.eval(COUNT, List.of(KEY), args);
    }

    @Override
    public List<Map.Entry<String, Double>> top(int n) {
        return redis.top(KEY, n);
    }
}
