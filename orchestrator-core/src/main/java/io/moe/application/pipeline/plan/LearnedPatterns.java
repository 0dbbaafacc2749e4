package io.moe.application.pipeline.plan;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Collectors;

/**
 * Planner success patterns (rule 15): the category combination of an answer rated 4 or 5 gains a point
 * in a {@link PlannerPatternStore}; the best ones are offered to the planner as hints. The hint is read at most every
 * {@link #HINT_KEPT} (a planner prompt a few seconds behind the ratings loses nothing; a store read before every plan
 * would sit on every request's critical path).
 */
@ApplicationScoped
public class LearnedPatterns {

    private static final Logger LOG = Logger.getLogger(LearnedPatterns.class.getName());

    static final Duration HINT_KEPT = Duration.ofSeconds(10);

    @Inject
    PlannerPatternStore store;

    private volatile Hint hint;

    public void success(String pattern) {
        store.count(pattern);
    }

    public List<Map.Entry<String, Double>> top(int n) {
        return store.top(n);
    }

    /** The three best patterns as one line for the planner prompt; "" when none or the store is down. */
    public String hint() {
        Hint kept = hint;
        if (kept != null && System.nanoTime() - kept.readAt() < HINT_KEPT.toNanos()) {
            return kept.text();
        }
        String text;
        try {
            text = top(3).stream().map(e -> e.getKey() + " (" + e.getValue().longValue() + ")")
                    .collect(Collectors.joining(", "));
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "planner patterns unavailable", e);
            text = "";
        }
        hint = new Hint(text, System.nanoTime());
        return text;
    }

    private record Hint(String text, long readAt) {
    }
}
