package io.moe.application.knowledge;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * GET /graph/stats and GET /graph/search. Search is semantic: the query is embedded with the model of the
 * semantic cache and compared through the vector index with the embeddings of entity names; the relations
 * around the nearest entities are ranked by how near both their entities are and, a little, by how near the
 * predicate is (embedded once per predicate and remembered). Entities and facts come in one ranked list, each
 * fact with its trust and its verified and flagged marks; paging runs over that list, always the nearest
 * {@value #MAX_WINDOW} entities and the facts around them. Any key may search, so what {@link ShareableKnowledge} keeps
 * from other users is left out.
 */
@ApplicationScoped
public class KnowledgeSearch {

    public static final int MAX_LIMIT = 50;
    /** The deepest page: offset + limit at most this. */
    public static final int MAX_WINDOW = 200;
    static final int TOP_GROUPS = 50;
    private static final int MAX_PREDICATES = 2_000;

    @Inject
    KnowledgeStore store;

    @Inject
    EntityEmbeddings embeddings;

    @Inject
    KnowledgeSettings settings;

    @Inject
    ShareableKnowledge shareable;

    private final Map<String, float[]> predicates = new ConcurrentHashMap<>();

    /** One ranked search result: an entity, or a fact (subject, predicate, object) with trust and marks. */
    public record Hit(String kind, double score, String name, String type, String domain,
                      String subject, String predicate, String object, double trust, boolean verified, boolean flagged) {
    }

    /** One page of results: {@code total} is the size of the ranked list the page was cut from. */
    public record Page(String query, int offset, int limit, int total, List<Hit> hits) {
    }

    public KnowledgeStore.Stats stats() {
        return store.stats(TOP_GROUPS);
    }

    public Page search(String q, int offset, int limit) {
        String query = BundleRules.text(q, "q", settings.maxQueryChars);
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new KnowledgeRefusedException("invalid_limit", "limit", "'limit' must be between 1 and " + MAX_LIMIT);
        }
        if (offset < 0 || (long) offset + limit > MAX_WINDOW) { // as a long: a huge offset must not wrap round
            throw new KnowledgeRefusedException("invalid_offset", "offset", "'offset' must be 0 or more, and offset + limit at most " + MAX_WINDOW);
        }
        embeddings.kick();
        float[] vector = embeddings.embed(query);
        // one window for every page: each page is cut from the same ranked list, with the same total
        List<KnowledgeStore.Candidate> nearest = store.nearestEntities(vector, MAX_WINDOW);
        List<Hit> ranked = new ArrayList<>();
        for (KnowledgeStore.Candidate c : nearest) {
            if (shareable.entity(c.name())) {
                ranked.add(new Hit("entity", c.score(), c.name(), c.type(), c.domain(), null, null, null, 0, false, false));
            }
        }
        if (!nearest.isEmpty()) {
            for (KnowledgeStore.Fact f : store.factsAround(nearest.stream().map(c -> c.name().toLowerCase(Locale.ROOT)).toList(), vector, 2 * MAX_WINDOW)) {
                if (!shareable.fact(f.subject(), f.predicate(), f.object())) {
                    continue;
                }
                double near = Math.max(f.subjectScore(), f.objectScore());
                double far = Math.min(f.subjectScore(), f.objectScore());
                double score = 0.7 * near + 0.2 * far + 0.1 * predicateScore(f.predicate(), vector);
                ranked.add(new Hit("relation", score, null, null, null, f.subject(), f.predicate(), f.object(), f.trust(), f.verified(), f.flagged()));
            }
        }
        ranked.sort(Comparator.comparingDouble(Hit::score).reversed());
        List<Hit> page = ranked.subList(Math.min(offset, ranked.size()), Math.min(offset + limit, ranked.size()));
        return new Page(query, offset, limit, ranked.size(), List.copyOf(page));
    }

    /** A whole number given as query text (absent: {@code fallback}); anything else is refused naming {@code field}. */
    public static int whole(String text, String field, int fallback) {
        if (text == null || text.isBlank()) {
            return fallback;
        }
        try {
            return Integer.parseInt(text.strip());
        } catch (NumberFormatException e) {
            throw new KnowledgeRefusedException("invalid_" + field, field, "'" + field + "' must be a whole number");
        }
    }

    /** Similarity 0..1 (as the index scores) of the predicate, read as words, to the query. */
    private double predicateScore(String predicate, float[] query) {
        float[] p = predicates.get(predicate);
        if (p == null) {
            p = embeddings.embed(predicate.replace('_', ' '));
            if (predicates.size() < MAX_PREDICATES) {
                predicates.put(predicate, p);
            }
        }
        double dot = 0;
        for (int i = 0; i < p.length; i++) {
            dot += p[i] * query[i];
        }
        return (1 + dot) / 2;
    }
}
