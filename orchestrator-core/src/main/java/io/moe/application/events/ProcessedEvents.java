package io.moe.application.events;

/**
 * The events a consumer group has already acted on, shared by every node, so that an event delivered twice
 * (a re-send from the outbox, or a redelivery after the group's partitions moved between nodes) is acted on
 * once. Kept a day longer than the topics keep events.
 */
public interface ProcessedEvents {

    /** True when the event {@code eventId} of {@code topic} was acted on already. */
    boolean processed(String topic, String eventId);

    /** Remembers that the event {@code eventId} of {@code topic} was acted on. */
    void markProcessed(String topic, String eventId);
}
