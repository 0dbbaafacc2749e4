package io.moe.infrastructure.redis;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Response records against a real Redis: metadata kept 7 days, and one rating mark per response. */
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
    void aResponseCanBeMarkedRatedOnce() {
        RedisResponseRecords records = records();
        String id = "chatcmpl-" + UUID.randomUUID();
        assertTrue(records.markRated(id));
        assertFalse(records.markRated(id));
        assertTrue(records.markRated(id + "-other"));
    }
}
