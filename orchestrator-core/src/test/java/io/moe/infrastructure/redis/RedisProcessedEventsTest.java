package io.moe.infrastructure.redis;

import org.junit.jupiter.api.Test;

import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Processed events against a real Redis: remembered per topic and event id, for longer than the topics keep events. */
class RedisProcessedEventsTest {

    @Test
    void anEventIsRememberedPerTopicAndIdForLongerThanTheTopicsKeepIt() {
        RedisProcessedEvents events = new RedisProcessedEvents();
        events.redis = TestRedis.store();
        String id = "chatcmpl-" + UUID.randomUUID();
        assertFalse(events.processed("moe.ingest", id));
        events.markProcessed("moe.ingest", id);
        assertTrue(events.processed("moe.ingest", id));
        assertFalse(events.processed("moe.feedback", id), "another topic's event of the same id is its own");
        long ttl = events.redis.secondsToLive("moe:processed:moe.ingest:" + id).orElse(0L);
        assertTrue(ttl > java.time.Duration.ofDays(7).toSeconds(), "kept longer than the topics' 7 days: " + ttl + " s");
    }
}
