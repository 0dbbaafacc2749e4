package io.moe.application.pipeline.plan;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Rule 15's hint for the planner: the best-rated combinations, read from the store at most every few seconds. */
class LearnedPatternsTest {

    /** Learned patterns over a store whose best combinations are {@code top}. */
    private static LearnedPatterns over(Supplier<List<Map.Entry<String, Double>>> top) {
        LearnedPatterns patterns = new LearnedPatterns();
        patterns.store = new PlannerPatternStore() {
            @Override
            public void count(String pattern) {
            }

            @Override
            public List<Map.Entry<String, Double>> top(int n) {
                return top.get();
            }
        };
        return patterns;
    }

    @Test
    void theHintNamesTheBestCombinationsAndIsNotReadAgainForEveryPlan() {
        AtomicInteger reads = new AtomicInteger();
        LearnedPatterns patterns = over(() -> {
            reads.incrementAndGet();
            return List.of(Map.entry("code+math", 7.0), Map.entry("general", 2.0));
        });
        assertEquals("code+math (7), general (2)", patterns.hint());
        assertEquals("code+math (7), general (2)", patterns.hint());
        assertEquals(1, reads.get(), "the second plan used the hint read for the first");
    }

    @Test
    void aStoreThatCannotBeAskedGivesNoHint() {
        assertEquals("", over(() -> {
            throw new IllegalStateException("Redis is down");
        }).hint());
    }
}
