package io.moe.application.pipeline.graph;

import io.moe.domain.pipeline.GraphFact;

import java.util.List;
import java.util.Optional;

/**
 * The graph facts found for a question, kept for one hour by a digest of the query and its categories
 * (rule 3), so repeated questions do not query the graph again. Every method fails with a runtime
 * exception when the cache cannot be reached.
 */
public interface GraphFactCache {

    Optional<List<GraphFact>> find(String questionDigest);

    /** Keeps {@code facts} (possibly none) for one hour. */
    void put(String questionDigest, List<GraphFact> facts);

    /**
     * Forgets every fact list kept so far, on every node: a relation was flagged or verified by feedback, or a
     * knowledge import changed the graph, so lists kept before may hold a fact that is flagged now or miss one.
     */
    void forgetAll();

    /**
     * {@link #forgetAll()} after {@code change} ("a rating", "an import"), which has happened already and is not undone
     * when the cache cannot be reached: the lists then run out within their hour, and the log says so.
     */
    default void forgetAllAfter(String change) {
        try {
            forgetAll();
        } catch (RuntimeException e) {
            java.util.logging.Logger.getLogger(GraphFactCache.class.getName()).warning(() -> "The graph fact lists kept before "
                    + change + " could not be dropped; they expire within the hour: " + e.getMessage());
        }
    }
}
