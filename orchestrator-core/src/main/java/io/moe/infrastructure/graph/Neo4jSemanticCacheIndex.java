package io.moe.infrastructure.graph;

import io.moe.application.pipeline.cache.SemanticCache;
import io.moe.application.pipeline.cache.SemanticCacheIndex;
import io.moe.domain.pipeline.Confidence;
import io.moe.domain.shared.Ids;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.faulttolerance.CircuitBreaker;
import org.neo4j.driver.Record;
import org.neo4j.driver.Value;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The semantic cache's entries as {@code :CacheEntry} nodes under an HNSW vector index (cosine, 384
 * dimensions), created on first use. Entries are create-only: an existing entry of the scope keeps its
 * answer and its flag. Driver failures propagate; the cache lookup treats them as a miss.
 */
@ApplicationScoped
@CircuitBreaker(requestVolumeThreshold = 4, failureRatio = 0.75, delay = Neo4jClient.BREAKER_OPEN_MILLIS, successThreshold = 1)
public class Neo4jSemanticCacheIndex implements SemanticCacheIndex {

    public static final String INDEX = "moe_cache_question";

    /** Creates the vector index (idempotent); public so the benchmark measures exactly the product's index and query. */
    public static final String CREATE_INDEX = "CREATE VECTOR INDEX " + INDEX + " IF NOT EXISTS FOR (c:CacheEntry) ON (c.embedding) "
            + "OPTIONS {indexConfig: {`vector.dimensions`: 384, `vector.similarity_function`: 'cosine'}}";
    /** The lookups by question (an exact hit, and the create-only store) and by id (a flag) are index seeks. */
    public static final List<String> CREATE_LOOKUP_INDEXES = List.of(
            "CREATE INDEX moe_cache_scope_question IF NOT EXISTS FOR (c:CacheEntry) ON (c.scope, c.question)",
            "CREATE INDEX moe_cache_id IF NOT EXISTS FOR (c:CacheEntry) ON (c.id)");
    /** The unflagged entries of one scope with exactly the question: an index seek. */
    public static final String EXACT = """
            MATCH (e:CacheEntry {scope: $scope, question: $question}) WHERE NOT coalesce(e.flagged, false)
            RETURN e.id AS id, e.question AS question, e.answer AS answer, e.confidence AS confidence
            LIMIT $limit""";
    /**
     * The nearest unflagged entries of the scope among the vector index's {@code $k} nearest of all scopes, and how
     * far that candidate set reached ({@code horizon}), so a caller can widen {@code $k} when other scopes crowd the
     * neighbourhood.
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
    Neo4jClient graph;

    private volatile boolean indexReady;

    public Neo4jSemanticCacheIndex() {
    }

    /** For tests and the benchmark, outside CDI. */
    public Neo4jSemanticCacheIndex(Neo4jClient graph) {
        this.graph = graph;
    }

    @Override
    public List<SemanticCache.Hit> exact(String scope, String question, int limit) {
        ensureIndex();
        return graph.read(EXACT, Map.of("scope", scope, "question", question, "limit", limit)).stream()
                .map(r -> hit(r, 0)).toList();
    }

    @Override
    public Probe nearest(String scope, float[] embedding, int candidates, int limit) {
        ensureIndex();
        Record result = graph.read(NEAREST, Map.of("index", INDEX, "k", candidates, "vector", vector(embedding),
                "scope", scope, "limit", limit)).get(0);
        List<SemanticCache.Hit> hits = new ArrayList<>();
        for (Value h : result.get("hits").values()) {
            hits.add(hit(h, Math.max(0, h.get("distance").asDouble())));
        }
        return new Probe(hits, result.get("considered").asInt(), result.get("horizon").asDouble());
    }

    private static SemanticCache.Hit hit(org.neo4j.driver.types.MapAccessor h, double distance) {
        return new SemanticCache.Hit(h.get("id").asString(), h.get("question").asString(), h.get("answer").asString(),
                level(h.get("confidence").asString("mittel")), distance);
    }

    @Override
    public Optional<String> add(String scope, String question, float[] embedding, String answer, Confidence confidence) {
        ensureIndex();
        Record stored = graph.write(STORE, Map.of("scope", scope, "question", question, "id", Ids.newId(),
                "now", Ids.nowUtc().toString(), "answer", answer, "confidence", confidence.label(),
                "vector", vector(embedding))).get(0);
        return stored.get("created").asBoolean() ? Optional.of(stored.get("id").asString()) : Optional.empty();
    }

    @Override
    public boolean flag(String id) {
        return graph.write(FLAG, Map.of("id", id)).get(0).get("n").asLong() > 0;
    }

    static List<Double> vector(float[] embedding) {
        List<Double> list = new ArrayList<>(embedding.length);
        for (float x : embedding) {
            list.add((double) x);
        }
        return list;
    }

    /**
     * Creates the indexes once, on first use; one thread at a time, since two schema writes racing for the same index
     * fail in Neo4j ("an equivalent index already exists") even with {@code IF NOT EXISTS}.
     */
    private void ensureIndex() {
        if (!indexReady) {
            synchronized (this) {
                if (!indexReady) {
                    graph.write(CREATE_INDEX, Map.of());
                    CREATE_LOOKUP_INDEXES.forEach(create -> graph.write(create, Map.of()));
                    graph.write("CALL db.awaitIndex($index, 60)", Map.of("index", INDEX));
                    indexReady = true;
                }
            }
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
