package io.moe.application.pipeline.plan;

import java.util.Optional;

/**
 * Plans kept for 30 minutes (rule 2) as JSON text, by template and query text. Every method fails with a
 * runtime exception when the store cannot be reached.
 */
public interface PlanStore {

    Optional<String> find(String template, String query);

    /** Keeps {@code planJson} for 30 minutes, replacing any plan of the same template and query. */
    void put(String template, String query, String planJson);
}
