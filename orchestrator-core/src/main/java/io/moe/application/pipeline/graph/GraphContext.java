package io.moe.application.pipeline.graph;

import io.moe.application.knowledge.ShareableKnowledge;
import io.moe.application.pipeline.run.PipelineRun;
import io.moe.application.pipeline.trace.PipelineTrace;
import io.moe.application.pipeline.trace.TraceText;

import io.moe.domain.pipeline.GraphFact;
import io.moe.domain.pipeline.KnowledgeGraph;
import io.moe.domain.shared.Digests;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Graph context (rule 3): terms are taken from the question without a model call, matched to entities
 * of the knowledge graph, and the relations up to two hops around them (not flagged by feedback,
 * highest trust first) become facts for the merger. Cached for one hour by query. It needs nothing but the
 * question, so it runs while the planner plans ({@code ParallelStage#graphContext}).
 * Terms the graph does not know are counted as ontology gaps.
 */
@ApplicationScoped
public class GraphContext {

    static final int MAX_TERMS = 12;
    static final int MAX_FACTS = 25;
    private static final Set<String> STOP_WORDS = Set.of("what", "which", "when", "where", "does", "this", "that",
            "with", "from", "have", "about", "there", "their", "would", "could", "should", "explain", "please",
            "tell", "give", "many", "much", "some", "into", "than", "then", "them", "they", "were", "will", "your",
            "also", "only", "more", "most", "very", "like", "just", "make", "know", "need", "want", "answer",
            "question", "means", "mean", "wie", "was", "der", "die", "das", "und", "oder", "nicht", "eine", "einen",
            "ist", "sind", "mit", "für", "warum", "welche", "wann", "bitte");
    @Inject
    KnowledgeGraph graph;

    @Inject
    GraphFactCache cache;

    @Inject
    ShareableKnowledge shareable;

    @Inject
    OntologyGaps gaps;

    public boolean enabled(PipelineRun run) {
        return run.template().enableGraphrag();
    }

    public List<GraphFact> run(PipelineRun run) {
        List<String> terms = terms(run.question().text());
        if (terms.isEmpty()) {
            return List.of();
        }
        String key = Digests.sha256(run.question().text());
        Optional<List<GraphFact>> cached = run.call("graph cache", () -> cached(key));
        if (cached.isPresent()) {
            run.trace().graphCacheHit();
            return cached.get();
        }
        try {
            Set<String> known = run.call("graph terms", () -> graph.knownTerms(terms));
            run.call("ontology gaps", () -> gaps(terms.stream().filter(t -> !known.contains(t)).toList()));
            List<GraphFact> facts = known.isEmpty() ? List.of() : run.call("graph facts", () -> graph.factsAround(known, MAX_FACTS))
                    .stream().filter(f -> shareable.fact(f.subject(), f.predicate(), f.object())).toList(); // other users' secrets stay out
            run.call("graph cache store", () -> store(key, facts));
            return facts;
        } catch (RuntimeException e) {
            run.trace().error(PipelineTrace.Failing.GRAPH, TraceText.failure(run.id(), e));
            return List.of();
        }
    }

    /** Lower-case words of at least four letters that are not stop words, in order, without repeats. */
    static List<String> terms(String query) {
        Set<String> terms = new LinkedHashSet<>();
        for (String word : query.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}_-]+")) {
            String w = word.replaceAll("^[-_]+|[-_]+$", "");
            if (w.length() >= 4 && !STOP_WORDS.contains(w) && !w.chars().allMatch(Character::isDigit) && terms.size() < MAX_TERMS) {
                terms.add(w);
            }
        }
        return List.copyOf(terms);
    }

    private void gaps(List<String> unknown) {
        try {
            gaps.unknown(unknown);
        } catch (RuntimeException ignored) {
            // counting gaps is best effort
        }
    }

    private Optional<List<GraphFact>> cached(String key) {
        try {
            return cache.find(key);
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    private void store(String key, List<GraphFact> facts) {
        try {
            cache.put(key, facts);
        } catch (RuntimeException ignored) {
            // the cache is an optimisation
        }
    }
}
