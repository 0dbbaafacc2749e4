package io.moe.infrastructure.redis;

import io.moe.application.pipeline.plan.PlanStore;
import io.moe.domain.shared.Digests;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Duration;
import java.util.Optional;

/** Plans in Redis under {@code moe:plan:<sha256(template \n query)>}, expiring after 30 minutes. */
@ApplicationScoped
public class RedisPlanStore implements PlanStore {

    static final Duration TTL = Duration.ofMinutes(30);

    @Inject
    RedisStore redis;

    @Override
    public Optional<String> find(String template, String query) {
        return redis.get(key(template, query));
    }

    @Override
    public void put(String template, String query, String planJson) {
        redis.put(key(template, query), planJson, TTL);
    }

    static String key(String template, String query) {
        return "moe:plan:" + Digests.sha256(template + "\n" + query);
    }
}
