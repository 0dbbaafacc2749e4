package io.moe.application.pipeline.cache;

/**
 * Which normalised questions the semantic cache has held an entry for, per scope: a hint kept in a fast store beside the
 * entries, so that a question asked for the first time skips the exact seek in the index (a graph query) and goes
 * straight to its embedding. Only a hint, never the answer: a cached question the hint does not know (it expired, or was
 * never written) is still found by the vector query, its own embedding lying at distance 0; one it knows that is gone or
 * flagged costs the seek and nothing more. Every method fails with a runtime exception when the store cannot be reached.
 */
public interface KnownQuestions {

    /** False only when the scope has certainly no entry for the question. */
    boolean mayHave(String scope, String question);

    /** Notes that the scope has an entry for the question. */
    void add(String scope, String question);
}
