package io.moe.application.spend;

import io.moe.domain.mode.Mode;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What a request of each mode typically costs: a moving average of the tokens recent requests really
 * used (cache hits left out). Reserving at least this much keeps a budget's overspend within about one
 * request even though a pipeline run makes several model calls.
 */
@ApplicationScoped
public class TypicalCost {

    /** Weight of the newest request in the moving average. */
    static final double WEIGHT = 0.2;

    private final Map<Mode, Double> average = new ConcurrentHashMap<>();

    public void observe(Mode mode, long tokens) {
        if (tokens > 0) {
            average.merge(mode, (double) tokens, (old, now) -> old + WEIGHT * (now - old));
        }
    }

    /** The typical tokens of the mode, 0 before any request of it finished. */
    public long of(Mode mode) {
        return Math.round(average.getOrDefault(mode, 0.0));
    }
}
