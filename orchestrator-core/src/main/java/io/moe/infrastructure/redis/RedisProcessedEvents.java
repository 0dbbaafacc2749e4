package io.moe.infrastructure.redis;

import io.moe.application.events.ProcessedEvents;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Duration;

/** Processed events as Redis keys {@code moe:processed:<topic>:<event id>}, kept 8 days (the topics keep 7). */
@ApplicationScoped
public class RedisProcessedEvents extends RedisMarks implements ProcessedEvents {

    static final Duration KEPT = Duration.ofDays(8);

    public RedisProcessedEvents() {
        super("moe:processed:", KEPT);
    }

    @Override
    public boolean processed(String topic, String eventId) {
        return marked(topic + ":" + eventId);
    }

    @Override
    public void markProcessed(String topic, String eventId) {
        mark(topic + ":" + eventId);
    }
}
