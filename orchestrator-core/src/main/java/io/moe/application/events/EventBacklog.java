package io.moe.application.events;

import jakarta.json.JsonObject;

import java.util.Optional;

/**
 * Events the broker did not take, oldest first, shared by every node and kept across restarts of a node,
 * until {@link EventOutbox} sends them again. Every method fails with a runtime exception when the
 * backlog cannot be reached.
 */
public interface EventBacklog {

    /** An event as it was to be published. */
    record KeptEvent(String topic, String key, JsonObject event) {
    }

    /** Keeps {@code event} as the newest; when more than {@code max} are kept, the oldest beyond it are dropped. */
    void keep(KeptEvent event, int max);

    /** Takes the oldest kept event out of the backlog; empty when there is none. */
    Optional<KeptEvent> takeOldest();

    /** Puts a taken event back as the oldest. */
    void putBack(KeptEvent event);
}
