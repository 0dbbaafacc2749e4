package io.moe.infrastructure.redis;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import io.moe.application.pipeline.after.ResponseRecords;

import java.time.Duration;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Response records against a real Redis: metadata kept 7 days, and the state and steps of its rating. */
class RedisResponseRecordsTest {

    private static RedisResponseRecords records() {
        RedisResponseRecords records = new RedisResponseRecords();
        records.redis = TestRedis.store();
        return records;
    }

    @Test
    void metadataIsKeptForSevenDays() {
        RedisResponseRecords records = records();
        String id = "chatcmpl-" + UUID.randomUUID();
        JsonObject metadata = Json.createObjectBuilder().add("user_id", "u1")
                .add("models", Json.createObjectBuilder().add("code", "m@s")).build();
        records.put(id, metadata);
        assertEquals(metadata, records.find(id).orElseThrow());
        assertTrue(records.find(id + "-other").isEmpty());
        long ttl = TestRedis.store().secondsToLive("moe:response:" + id).orElseThrow();
        assertTrue(ttl > Duration.ofDays(7).minusMinutes(1).toSeconds() && ttl <= Duration.ofDays(7).toSeconds(), "ttl " + ttl);
    }

    @Test
    void aRatingIsHeldWhileAppliedThenRatedOrGivenBack() {
        RedisResponseRecords records = records();
        String id = "chatcmpl-" + UUID.randomUUID();
        assertEquals(ResponseRecords.RatingStart.BEGUN, records.beginRating(id, Duration.ofSeconds(60)));
        assertEquals(ResponseRecords.RatingStart.IN_PROGRESS, records.beginRating(id, Duration.ofSeconds(60)));
        records.abandonRating(id);
        assertEquals(ResponseRecords.RatingStart.BEGUN, records.beginRating(id, Duration.ofSeconds(60)));
        records.finishRating(id);
        assertEquals(ResponseRecords.RatingStart.RATED, records.beginRating(id, Duration.ofSeconds(60)));
        long ttl = TestRedis.store().secondsToLive("moe:feedback-given:" + id).orElseThrow();
        assertTrue(ttl > Duration.ofDays(6).toSeconds(), "a finished rating is kept 7 days: " + ttl);
        assertEquals(ResponseRecords.RatingStart.BEGUN, records.beginRating(id + "-other", Duration.ofSeconds(60)));
    }

    @Test
    void aHoldThatRanOutIsTakenAgainNotReadAsARating() {
        RedisResponseRecords records = records();
        String id = "chatcmpl-" + UUID.randomUUID();
        assertEquals(ResponseRecords.RatingStart.BEGUN, records.beginRating(id, Duration.ofMillis(100)));
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        ResponseRecords.RatingStart again = records.beginRating(id, Duration.ofSeconds(60));
        while (again == ResponseRecords.RatingStart.IN_PROGRESS && System.nanoTime() < deadline) {
            again = records.beginRating(id, Duration.ofSeconds(60)); // a hold still there is left as it is
        }
        assertEquals(ResponseRecords.RatingStart.BEGUN, again, "a hold that ran out is not read as a finished rating");
        long ttl = TestRedis.store().secondsToLive("moe:feedback-given:" + id).orElseThrow();
        assertTrue(ttl > 0 && ttl <= 60, "the new hold is this request's, for its 60 s: " + ttl);
    }

    @Test
    void theStepsOfARatingAreKeptWithTheResponse() {
        RedisResponseRecords records = records();
        String id = "chatcmpl-" + UUID.randomUUID();
        assertEquals(Map.of(), records.ratingSteps(id));
        records.ratingStepDone(id, "score:m1|code", "true");
        records.ratingStepDone(id, "graph", "2");
        assertEquals(Map.of("score:m1|code", "true", "graph", "2"), records.ratingSteps(id));
        assertTrue(TestRedis.store().secondsToLive("moe:feedback-steps:" + id).orElseThrow() > Duration.ofDays(6).toSeconds());
    }
}
