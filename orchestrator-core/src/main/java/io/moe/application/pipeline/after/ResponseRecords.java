package io.moe.application.pipeline.after;

import jakarta.json.JsonObject;

import java.util.Optional;

/**
 * The metadata of each answer, kept 7 days by response id (spec: feedback and response metadata), and
 * whether it has been rated. Every method fails with a runtime exception when the store cannot be reached.
 */
public interface ResponseRecords {

    /** Keeps the metadata of a response for 7 days, replacing any kept before. */
    void put(String responseId, JsonObject metadata);

    Optional<JsonObject> find(String responseId);

    /** Marks the response as rated (for 7 days); false when it already was. Atomic. */
    boolean markRated(String responseId);
}
