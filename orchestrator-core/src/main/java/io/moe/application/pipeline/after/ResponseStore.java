package io.moe.application.pipeline.after;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;

import java.util.Optional;

/**
 * Response metadata for 7 days (spec: feedback and response metadata), kept in {@link ResponseRecords}:
 * who received the answer, the plan pattern, the models per category, the cache entry and graph relations
 * it used, and the provenance trace. Failures of the store reach the caller.
 */
@ApplicationScoped
public class ResponseStore {

    @Inject
    ResponseRecords records;

    public void put(String responseId, JsonObject metadata) {
        records.put(responseId, metadata);
    }

    public Optional<JsonObject> get(String responseId) {
        return records.find(responseId);
    }
}
