package io.moe.application.pipeline;

import io.moe.domain.pipeline.Plan;
import io.moe.domain.pipeline.PlanParser;
import io.moe.domain.shared.Digests;
import io.moe.infrastructure.redis.RedisStore;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Plans cached for 30 minutes by query text (rule 2), per template, in Redis under
 * {@code moe:plan:<sha256>}. A Redis failure means planning again, never a failed request.
 */
@ApplicationScoped
public class PlanCache {

    static final Duration TTL = Duration.ofMinutes(30);
    private static final Logger LOG = Logger.getLogger(PlanCache.class.getName());

    @Inject
    RedisStore redis;

    public Optional<Plan> get(String template, String query, Set<String> known) {
        try {
            return redis.get(key(template, query)).map(json -> PlanParser.parse(json, query, known));
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "plan cache unavailable", e);
            return Optional.empty();
        }
    }

    public void put(String template, String query, Plan plan) {
        try {
            redis.put(key(template, query), plan.toJson().toString(), TTL);
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "plan cache unavailable", e);
        }
    }

    static String key(String template, String query) {
        return "moe:plan:" + Digests.sha256(template + "\n" + query);
    }
}
