package io.moe.application.pipeline.plan;

import java.util.List;
import java.util.Map;

/**
 * Planner success patterns with their counts, shared by every node (rule 15). Every method fails with a
 * runtime exception when the store cannot be reached.
 */
public interface PlannerPatternStore {

    /** Adds one to the count of {@code pattern}. */
    void count(String pattern);

    /** The {@code n} patterns with the highest counts, highest first. */
    List<Map.Entry<String, Double>> top(int n);
}
