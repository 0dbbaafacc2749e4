package io.moe.infrastructure.redis;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The two ranked counters against a real Redis, each with its bound: planner patterns and ontology gaps. */
class RedisRankedStoresTest {

    private static RedisPlannerPatternStore patterns() {
        RedisPlannerPatternStore store = new RedisPlannerPatternStore();
        store.redis = TestRedis.store();
        return store;
    }

    private static RedisOntologyGapStore gaps() {
        RedisOntologyGapStore store = new RedisOntologyGapStore();
        store.redis = TestRedis.store();
        return store;
    }

    private static double count(List<Map.Entry<String, Double>> top, String member) {
        return top.stream().filter(e -> e.getKey().equals(member)).mapToDouble(Map.Entry::getValue).findFirst().orElse(0);
    }

    @Test
    void aPatternGainsOnePointPerSuccessAndTheBestComeFirst() {
        RedisPlannerPatternStore store = patterns();
        String pattern = "code+math " + UUID.randomUUID();
        for (int i = 0; i < 3; i++) {
            store.count(pattern);
        }
        List<Map.Entry<String, Double>> top = store.top(Integer.MAX_VALUE);
        assertEquals(3.0, count(top, pattern));
        for (int i = 1; i < top.size(); i++) {
            assertTrue(top.get(i - 1).getValue() >= top.get(i).getValue(), "best first");
        }
    }

    @Test
    void patternsBeyondTheBoundDropTheLeastFrequent() {
        RedisPlannerPatternStore store = patterns();
        for (int i = 0; i <= RedisPlannerPatternStore.KEEP; i++) {
            store.count("bulk+" + i + " " + UUID.randomUUID());
        }
        assertEquals(RedisPlannerPatternStore.KEEP, store.top(Integer.MAX_VALUE).size(), "never more patterns than the bound");
    }

    @Test
    void gapsAreCountedAndTheLeastFrequentDropWhenTheBoundIsPassed() {
        RedisOntologyGapStore store = gaps();
        String frequent = "gap-" + UUID.randomUUID();
        String rare = "gap-" + UUID.randomUUID();
        int before = store.top(Integer.MAX_VALUE).size();
        String other = "gap-" + UUID.randomUUID();
        store.count(List.of(frequent, other), before + 3);
        store.count(List.of(frequent), before + 3);
        assertEquals(2.0, count(store.top(Integer.MAX_VALUE), frequent));
        assertEquals(1.0, count(store.top(Integer.MAX_VALUE), other), "every term of one call is counted");
        store.count(List.of(rare), before + 1);
        List<Map.Entry<String, Double>> top = store.top(Integer.MAX_VALUE);
        assertEquals(before + 1, top.size(), "never more terms than the bound");
        assertEquals(2.0, count(top, frequent), "the frequent term stays");
    }
}
