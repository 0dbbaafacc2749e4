package io.moe.domain.pipeline;

/** One relation of the knowledge graph given to the merger: subject, predicate, object and trust. */
public record GraphFact(String id, String subject, String predicate, String object, double trust) {

    public String sentence() {
        return subject + " " + predicate + " " + object;
    }
}
