package io.moe.infrastructure.redis;

import io.moe.application.pipeline.after.ResponseRecords;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonObject;

import java.io.StringReader;
import java.time.Duration;
import java.util.Optional;

/**
 * Response metadata in Redis as JSON under {@code moe:response:<id>}, and a rating mark under
 * {@code moe:feedback-given:<id>} set only if absent; both expire after 7 days.
 */
@ApplicationScoped
public class RedisResponseRecords implements ResponseRecords {

    static final Duration TTL = Duration.ofDays(7);

    @Inject
    RedisStore redis;

    @Override
    public void put(String responseId, JsonObject metadata) {
        redis.put(key(responseId), metadata.toString(), TTL);
    }

    @Override
    public Optional<JsonObject> find(String responseId) {
        return redis.get(key(responseId)).map(json -> Json.createReader(new StringReader(json)).readObject());
    }

    @Override
    public boolean markRated(String responseId) {
        return redis.putIfAbsent("moe:feedback-given:" + responseId, "1", TTL);
    }

    private static String key(String responseId) {
        return "moe:response:" + responseId;
    }
}
