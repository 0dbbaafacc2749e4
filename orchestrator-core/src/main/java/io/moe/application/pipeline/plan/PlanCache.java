package io.moe.application.pipeline.plan;

import io.moe.domain.pipeline.Plan;
import io.moe.domain.pipeline.PlanParser;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.Optional;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Plans cached for 30 minutes by query text (rule 2), per template, in a {@link PlanStore}. A cached plan
 * is checked again against the categories known now. A store failure means planning again, never a
 * failed request.
 */
@ApplicationScoped
public class PlanCache {

    private static final Logger LOG = Logger.getLogger(PlanCache.class.getName());

    @Inject
    PlanStore store;

    public Optional<Plan> get(String template, String query, Set<String> known) {
        try {
            return store.find(template, query).map(json -> PlanParser.parse(json, query, known));
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "plan cache unavailable", e);
            return Optional.empty();
        }
    }

    public void put(String template, String query, Plan plan) {
        try {
            store.put(template, query, plan.toJson().toString());
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "plan cache unavailable", e);
        }
    }
}
