package io.moe.infrastructure.redis;

import io.moe.domain.pipeline.GraphFact;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The graph fact cache against a real Redis: facts, and the absence of facts, kept for one hour. */
class RedisGraphFactCacheTest {

    private static RedisGraphFactCache cache() {
        RedisGraphFactCache cache = new RedisGraphFactCache();
        cache.redis = TestRedis.store();
        return cache;
    }

    @Test
    void factsComeBackAsTheyWereKept() {
        RedisGraphFactCache cache = cache();
        String digest = UUID.randomUUID().toString();
        List<GraphFact> facts = List.of(new GraphFact("4:r:1", "Kafka", "USES", "Consumer group", 0.75),
                new GraphFact("4:r:2", "Consumer group", "HAS", "Offset", 0.5));
        assertTrue(cache.find(digest).isEmpty());
        cache.put(digest, facts);
        assertEquals(facts, cache.find(digest).orElseThrow());
        long ttl = TestRedis.store().secondsToLive("moe:graph-context:" + digest).orElseThrow();
        assertTrue(ttl > 59 * 60 && ttl <= 3600, "ttl " + ttl);
    }

    @Test
    void forgettingAllPassesOverWhatWasKeptBeforeAndKeepsWhatComesAfter() {
        RedisGraphFactCache cache = cache();
        RedisGraphFactCache otherNode = cache();
        String digest = UUID.randomUUID().toString();
        List<GraphFact> facts = List.of(new GraphFact("4:r:9", "Aspirin", "TREATS", "Rash", 0.5));
        cache.put(digest, facts);

        otherNode.forgetAll(); // a rating flagged the relation, on another node

        assertTrue(cache.find(digest).isEmpty(), "kept before the rating: it may hold the flagged fact");
        cache.put(digest, List.of());
        assertEquals(List.of(), cache.find(digest).orElseThrow(), "kept after it");
    }

    @Test
    void aQuestionWithoutFactsIsCachedAsSuch() {
        RedisGraphFactCache cache = cache();
        String digest = UUID.randomUUID().toString();
        cache.put(digest, List.of());
        assertEquals(List.of(), cache.find(digest).orElseThrow());
    }
}
