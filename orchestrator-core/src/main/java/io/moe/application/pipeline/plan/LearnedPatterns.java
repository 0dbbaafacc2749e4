package io.moe.application.pipeline.plan;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Collectors;

/**
 * Planner success patterns (rule 15): the category combination of an answer rated 4 or 5 gains a point
 * in a {@link PlannerPatternStore}; the best ones are offered to the planner as hints.
 */
@ApplicationScoped
public class LearnedPatterns {

    private static final Logger LOG = Logger.getLogger(LearnedPatterns.class.getName());

    @Inject
    PlannerPatternStore store;

    public void success(String pattern) {
        store.count(pattern);
    }

    public List<Map.Entry<String, Double>> top(int n) {
        return store.top(n);
    }

    /** The three best patterns as one line for the planner prompt; "" when none or the store is down. */
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
