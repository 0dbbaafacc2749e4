package io.moe.application.pipeline;

import io.moe.infrastructure.redis.RedisStore;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Collectors;

/**
 * Planner success patterns (rule 15): the category combination of an answer rated 4 or 5 gains a point
 * in the sorted set {@code moe:planner-patterns}; the best ones are offered to the planner as hints.
 */
@ApplicationScoped
public class LearnedPatterns {

    static final String KEY = "moe:planner-patterns";
    private static final Logger LOG = Logger.getLogger(LearnedPatterns.class.getName());

    @Inject
    RedisStore redis;

    public void success(String pattern) {
        redis.rank(KEY, pattern, 1);
    }

    public List<Map.Entry<String, Double>> top(int n) {
        return redis.top(KEY, n);
    }

    /** The three best patterns as one line for the planner prompt; "" when none or Redis is down. */
    public String hint() {
        try {
            return top(3).stream().map(e -> e.getKey() + " (" + e.getValue().longValue() + ")")
                    .collect(Collectors.joining(", "));
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "planner patterns unavailable", e);
            return "";
        }
    }
}
