package io.moe.application.pipeline.graph;

import java.util.List;
import java.util.Map;

/**
 * Terms the knowledge graph does not know, with how often queries used them, shared by every node. Every
 * method fails with a runtime exception when the store cannot be reached.
 */
public interface OntologyGapStore {

    /** Adds one to the count of each of {@code terms}, then keeps only the {@code keep} most frequent terms. Atomic. */
    void count(List<String> terms, int keep);

    /** The {@code n} most frequent terms, most frequent first. */
    List<Map.Entry<String, Double>> top(int n);
}
