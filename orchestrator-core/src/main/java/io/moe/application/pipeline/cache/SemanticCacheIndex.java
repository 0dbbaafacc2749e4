package io.moe.application.pipeline.cache;

import io.moe.domain.pipeline.Confidence;

import java.util.List;
import java.util.Optional;

/**
 * Port: the nearest-neighbour index that keeps the semantic cache's entries (rule 1), each a normalised
 * question with its embedding, answer and confidence, in one scope (template and mode). An approximate
 * index looks at a bounded number of candidates across all scopes, so a probe also says how far it
 * reached; {@link SemanticCache} decides whether to probe wider. Failures surface as runtime exceptions.
 */
public interface SemanticCacheIndex {

    /**
     * One probe: the scope's nearest unflagged entries among the {@code candidates} nearest of all scopes,
     * nearest first; how many candidates the index returned; and the distance of the farthest of them
     * (2.0 when there were none).
     */
    record Probe(List<SemanticCache.Hit> hits, int considered, double horizon) {
    }

    /**
     * The unflagged entries of the scope with exactly this normalised question, at most {@code limit}, at distance 0:
     * found without the question's embedding or a search of the vectors.
     */
    List<SemanticCache.Hit> exact(String scope, String question, int limit);

    /** Probes the index with an embedding; distances are cosine distances (0 = same direction). */
    Probe nearest(String scope, float[] embedding, int candidates, int limit);

    /**
     * Adds an entry unless the scope already holds that question; returns the new entry's id, or empty when
     * one existed (which keeps its answer and its flag).
     */
    Optional<String> add(String scope, String question, float[] embedding, String answer, Confidence confidence);

    /** Flags an entry so that it is never returned again; false when there is no such entry. */
    boolean flag(String id);
}
