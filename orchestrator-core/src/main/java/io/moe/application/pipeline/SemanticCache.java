package io.moe.application.pipeline;

import io.moe.domain.pipeline.Confidence;
import io.moe.domain.shared.Ids;
import io.moe.infrastructure.embedding.SentenceEmbedder;
import io.moe.infrastructure.graph.GraphStore;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.neo4j.driver.Record;
import org.neo4j.driver.Value;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The semantic cache (rule 1). Questions are normalised (lower case, punctuation stripped), embedded
 * in-process, and stored as {@code :CacheEntry} nodes in Neo4j under an HNSW vector index (cosine), so
 * nearest-neighbour lookup stays fast as the cache grows. Entries are scoped by template and mode;
 * entries flagged by negative feedback are never served, not even as examples. An entry is written once
 * and never overwritten (a flag is never cleared by a later store).
 */
@ApplicationScoped
public class SemanticCache {

    public static final double HARD = 0.15;
    public static final double SOFT = 0.50;
    static final int MAX_EXAMPLES = 2;
    /** Nearest neighbours fetched before the scope and flag filter. */
    /** Candidates asked of the index at first; widened tenfold (up to {@link #MAX_CANDIDATES}) when crowded. */
    public static final int CANDIDATES = 50;
    static final int MAX_CANDIDATES = 5_000;
    public static final String INDEX = "moe_cache_question";

    /** Creates the vector index (idempotent); public so the benchmark measures exactly the product's index and query. */
    public static final String CREATE_INDEX = "CREATE VECTOR INDEX " + INDEX + " IF NOT EXISTS FOR (c:CacheEntry) ON (c.embedding) "
            + "OPTIONS {indexConfig: {`vector.dimensions`: 384, `vector.similarity_function`: 'cosine'}}";
    /**
     * The nearest unflagged entries of one scope among the index's {@code $k} nearest of all scopes, and
     * how far that candidate set reached ({@code horizon}), so a caller can widen {@code $k} when other
     * scopes crowd the neighbourhood.
     */
    public static final String NEAREST = """
            CALL db.index.vector.queryNodes($index, $k, $vector) YIELD node, score
            WITH collect({n: node, d: 2 - 2 * score}) AS candidates
            RETURN [c IN candidates WHERE c.n.scope = $scope AND NOT coalesce(c.n.flagged, false)
                    | {id: c.n.id, question: c.n.question, answer: c.n.answer, confidence: c.n.confidence,
                       distance: c.d}][0..$limit] AS hits,
                   size(candidates) AS considered,
                   CASE WHEN size(candidates) = 0 THEN 2.0 ELSE candidates[-1].d END AS horizon""";
    /**
     * Create-only: an entry that exists for the question keeps its answer and its flag, so a store can
     * neither overwrite another user's entry nor clear a flag set by negative feedback.
     */
    private static final String STORE = """
            MERGE (c:CacheEntry {scope: $scope, question: $question})
            ON CREATE SET c.id = $id, c.created = $now, c.updated = $now, c.answer = $answer,
                          c.confidence = $confidence, c.embedding = $vector, c.flagged = false
            RETURN c.id AS id, c.id = $id AS created""";
    private static final String FLAG = "MATCH (c:CacheEntry {id: $id}) SET c.flagged = true RETURN count(c) AS n";

    @Inject
    SentenceEmbedder embedder;

    @Inject
    GraphStore graph;

    private volatile boolean indexReady;

    /** A cached answer near the question. */
    public record Hit(String id, String question, String answer, Confidence confidence, double distance) {
    }

    /**
     * The nearest unflagged entries of the scope, nearest first, at most {@code limit}. The index is
     * asked for more candidates only while all it returned were closer than a soft hit and too few of
     * them belonged to this scope: then entries of other scopes may hide a hit of this one.
     */
    public List<Hit> nearest(String scope, String question, int limit) {
        ensureIndex();
        List<Double> vector = vector(normalise(question));
        for (int k = CANDIDATES; ; k *= 10) {
            Record result = graph.read(NEAREST, Map.of("index", INDEX, "k", k, "vector", vector, "scope", scope, "limit", limit)).get(0);
            List<Hit> hits = new ArrayList<>();
            for (Value h : result.get("hits").values()) {
                hits.add(new Hit(h.get("id").asString(), h.get("question").asString(), h.get("answer").asString(),
                        level(h.get("confidence").asString("mittel")), Math.max(0, h.get("distance").asDouble())));
            }
            boolean crowded = hits.size() < limit && result.get("considered").asInt() == k && result.get("horizon").asDouble() < SOFT;
            if (!crowded || k >= MAX_CANDIDATES) {
                return hits;
            }
        }
    }

    /**
     * Stores the answer under the normalised question of the run's scope; returns the new entry's id, or
     * empty when the scope already has an entry for that question (which stays as it is, flag included).
     */
    public Optional<String> store(PipelineRun run, String answer) {
        return store(scope(run), run.query(), answer, run.confidence());
    }

    Optional<String> store(String scope, String query, String answer, Confidence confidence) {
        ensureIndex();
        String question = normalise(query);
        Record stored = graph.write(STORE, Map.of("scope", scope, "question", question, "id", Ids.newId(),
                "now", Ids.nowUtc().toString(), "answer", answer, "confidence", confidence.label(),
                "vector", vector(question))).get(0);
        return stored.get("created").asBoolean() ? Optional.of(stored.get("id").asString()) : Optional.empty();
    }

    /** Flags an entry so it is never served again; false when there is no such entry. */
    public boolean flag(String id) {
        return graph.write(FLAG, Map.of("id", id)).get(0).get("n").asLong() > 0;
    }

    public static String scope(PipelineRun run) {
        return run.template().name() + "|" + run.mode().modeName();
    }

    /** Lower case, punctuation stripped, white space collapsed. */
    public static String normalise(String question) {
        return question.toLowerCase(Locale.ROOT).replaceAll("[\\p{P}\\p{S}]+", " ").replaceAll("\\s+", " ").trim();
    }

    public Optional<Hit> nearest(PipelineRun run) {
        List<Hit> hits = nearest(scope(run), run.query(), 1);
        return hits.isEmpty() ? Optional.empty() : Optional.of(hits.get(0));
    }

    private List<Double> vector(String text) {
        float[] v = embedder.embed(text.isEmpty() ? " " : text);
        List<Double> list = new ArrayList<>(v.length);
        for (float x : v) {
            list.add((double) x);
        }
        return list;
    }

    private void ensureIndex() {
        if (!indexReady) {
            graph.write(CREATE_INDEX, Map.of());
            graph.write("CALL db.awaitIndex($index, 60)", Map.of("index", INDEX));
            indexReady = true;
        }
    }

    private static Confidence level(String label) {
        for (Confidence c : Confidence.values()) {
            if (c.label().equals(label)) {
                return c;
            }
        }
        return Confidence.MITTEL;
    }
}
