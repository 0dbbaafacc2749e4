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

    /** The oldest kept event, and the entry it is kept as (to remove it once it was sent). */
    record Oldest(KeptEvent event, String entry) {
    }

    /** Keeps {@code event} as the newest, unless {@code max} are kept already: then false, and nothing is dropped. */
    boolean keep(KeptEvent event, int max);

    /** The oldest kept event, left in the backlog until {@link #sent}; empty when there is none. */
    Optional<Oldest> oldest();

    /** Removes an event once the broker took it (nothing when another node removed it already). */
    void sent(Oldest event);
}
