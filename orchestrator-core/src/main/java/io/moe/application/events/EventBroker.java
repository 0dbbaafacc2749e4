package io.moe.application.events;

import java.util.List;
import java.util.concurrent.CompletableFuture;

/** Port: the message broker the service's events go to (Kafka). */
public interface EventBroker {

    /** Sends {@code json} to {@code topic} keyed by {@code key}; completes when the broker acknowledged it. */
    CompletableFuture<?> publish(String topic, String key, String json);

    /**
     * Creates the topics that do not exist yet, and sets on all of them the spec's retention (7 days or
     * 512 MB, whichever comes first); fails when the broker cannot be reached.
     */
    void ensureTopics(List<String> topics);
}
