package io.moe.infrastructure.redis;

import org.junit.jupiter.api.Test;

import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The plan store against a real Redis: one plan per template and query, kept 30 minutes. */
class RedisPlanStoreTest {

    private static RedisPlanStore store() {
        RedisPlanStore store = new RedisPlanStore();
        store.redis = TestRedis.store();
        return store;
    }

    @Test
    void aPlanIsFoundByItsTemplateAndQueryOnlyAndExpiresAfterThirtyMinutes() {
        RedisPlanStore store = store();
        String query = "how do consumer groups work? " + UUID.randomUUID();
        store.put("default", query, "{\"tasks\":[1]}");
        store.put("default", query, "{\"tasks\":[2]}");
        assertEquals("{\"tasks\":[2]}", store.find("default", query).orElseThrow());
        assertTrue(store.find("other", query).isEmpty());
        assertTrue(store.find("default", query + "?").isEmpty());
        long ttl = TestRedis.store().secondsToLive(RedisPlanStore.key("default", query)).orElseThrow();
        assertTrue(ttl > 29 * 60 && ttl <= 30 * 60, "ttl " + ttl);
    }
}
