package io.moe.infrastructure.redis;

import io.moe.application.pipeline.plan.PlannerPatternStore;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.List;
import java.util.Map;

/**
 * Planner success patterns in the Redis sorted set {@code moe:planner-patterns}, the count as score; the
 * {@value #KEEP} most frequent are kept ({@link BoundedCounts}): the planner reads only the top three.
 */
@ApplicationScoped
public class RedisPlannerPatternStore implements PlannerPatternStore {

    static final String KEY = "moe:planner-patterns";
    static final int KEEP = 1_000;

    @Inject
    RedisStore redis;

    @Override
    public void count(String pattern) {
        BoundedCounts.count(redis, KEY, KEEP, List.of(pattern));
    }

    @Override
    public List<Map.Entry<String, Double>> top(int n) {
        return redis.top(KEY, n);
    }
}
