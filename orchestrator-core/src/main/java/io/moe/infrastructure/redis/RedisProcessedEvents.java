package io.moe.infrastructure.redis;

import io.moe.application.events.ProcessedEvents;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Duration;

/** Processed events as Redis keys {@code moe:processed:<topic>:<event id>}, kept 8 days (the topics keep 7). */
@ApplicationScoped
public class RedisProcessedEvents implements ProcessedEvents {

    static final Duration KEPT = Duration.ofDays(8);

    @Inject
    RedisStore redis;

    @Override
    public boolean processed(String topic, String eventId) {
        return redis.get(key(topic, eventId)).isPresent();
    }

    @Override
    public void markProcessed(String topic, String eventId) {
        redis.put(key(topic, eventId), "1", KEPT);
    }

    private static String key(String topic, String eventId) {
        return "moe:processed:" + topic + ":" + eventId;
    }
}
