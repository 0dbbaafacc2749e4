package io.moe.application.pipeline;

import io.moe.infrastructure.redis.RedisStore;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonObject;

import java.io.StringReader;
import java.time.Duration;
import java.util.Optional;

/**
 * Response metadata for 7 days (spec: feedback and response metadata), in Redis under
 * {@code moe:response:<chatcmpl-id>}: who received the answer, the plan pattern, the models per
 * category, the cache entry and graph relations it used, and the provenance trace.
 */
@ApplicationScoped
public class ResponseStore {

    public static final Duration TTL = Duration.ofDays(7);

    @Inject
    RedisStore redis;

    public void put(String responseId, JsonObject metadata) {
        redis.put(key(responseId), metadata.toString(), TTL);
    }

    public Optional<JsonObject> get(String responseId) {
        return redis.get(key(responseId)).map(json -> Json.createReader(new StringReader(json)).readObject());
    }

    /** Marks the response as rated; false when it already was (one rating per response counts). */
    public boolean markRated(String responseId) {
        return redis.putIfAbsent("moe:feedback-given:" + responseId, "1", TTL);
    }

    private static String key(String responseId) {
        return "moe:response:" + responseId;
    }
}
