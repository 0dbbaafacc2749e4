package io.moe.infrastructure.redis;

import io.moe.application.pipeline.experts.ModelScores.Score;
import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.util.List;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Model scores against a real Redis: counters per model and category, votes limited per voter and day. */
class RedisModelScoreStoreTest {

    private static final LocalDate DAY = LocalDate.of(2030, 1, 15);

    private static RedisModelScoreStore store() {
        RedisModelScoreStore store = new RedisModelScoreStore();
        store.redis = TestRedis.store();
        return store;
    }

    @Test
    void votesAreCountedPerModelAndCategory() {
        RedisModelScoreStore store = store();
        String model = "m-" + UUID.randomUUID() + "@s";
        assertEquals(new Score(0, 0, 0), store.counts(model, "code"));
        assertTrue(store.vote("alice", model, "code", true, DAY, 1));
        assertTrue(store.vote("bob", model, "code", false, DAY, 1));
        assertTrue(store.vote("carol", model, "math", true, DAY, 1));
        assertEquals(new Score(2, 1, 1), store.counts(model, "code"));
        assertEquals(new Score(1, 1, 0), store.counts(model, "math"));
    }

    @Test
    void severalModelsAreReadTogetherInTheOrderAsked() {
        RedisModelScoreStore store = store();
        String rated = "m-" + UUID.randomUUID() + "@s";
        String unrated = "m-" + UUID.randomUUID() + "@s";
        assertTrue(store.vote("alice", rated, "code", true, DAY, 1));
        assertTrue(store.vote("alice", rated, "math", false, DAY, 1));
        assertEquals(List.of(new Score(0, 0, 0), new Score(1, 1, 0)), store.counts(List.of(unrated, rated), "code"));
        assertEquals(List.of(new Score(1, 0, 1)), store.counts(List.of(rated), "math"));
    }

    @Test
    void aVoterCountsAtMostTheLimitPerModelCategoryAndDay() {
        RedisModelScoreStore store = store();
        String model = "m-" + UUID.randomUUID() + "@s";
        assertTrue(store.vote("alice", model, "code", false, DAY, 2));
        assertTrue(store.vote("alice", model, "code", false, DAY, 2));
        assertFalse(store.vote("alice", model, "code", false, DAY, 2));
        assertTrue(store.vote("alice", model, "math", false, DAY, 2), "another category");
        assertTrue(store.vote("alice", model, "code", false, DAY.plusDays(1), 2), "the next day");
        assertEquals(new Score(3, 0, 3), store.counts(model, "code"));
        long kept = TestRedis.store().secondsToLive("moe:model-vote:" + DAY + ":alice:" + model + "|code").orElseThrow();
        assertTrue(kept > 0 && kept <= RedisModelScoreStore.VOTE_KEPT.toSeconds(), "a vote counter expires: " + kept);
    }
}
