package io.moe.application.pipeline.graph;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.List;
import java.util.Map;

/**
 * Terms of queries that the knowledge graph does not know, counted in an {@link OntologyGapStore}.
 * Bounded: terms longer than {@link #MAX_TERM} characters are not counted, and only the {@link #MAX_TERMS}
 * most frequent terms are kept, so users' queries cannot grow the set without end.
 */
@ApplicationScoped
public class OntologyGaps {

    static final int MAX_TERM = 64;
    static final int MAX_TERMS = 10_000;

    @Inject
    OntologyGapStore store;

    /** Counts the terms the graph does not know, in one step (longer terms than {@link #MAX_TERM} are left out). */
    public void unknown(List<String> terms) {
        List<String> counted = terms.stream().filter(t -> t.length() <= MAX_TERM).toList();
        if (!counted.isEmpty()) {
            store.count(counted, MAX_TERMS);
        }
    }

    public List<Map.Entry<String, Double>> top(int n) {
        return store.top(n);
    }
}
