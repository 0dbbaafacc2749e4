package io.moe.benchmark;

import io.moe.application.pipeline.cache.SemanticCache;
import io.moe.infrastructure.embedding.SentenceEmbedder;
import io.moe.infrastructure.graph.Neo4jSemanticCacheIndex;
import org.neo4j.driver.AuthTokens;
import org.neo4j.driver.Driver;
import org.neo4j.driver.GraphDatabase;
import org.neo4j.driver.Session;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

/**
 * Semantic-cache lookup time as the cache grows: fills the product's Neo4j vector index with entries of
 * 384-dimensional unit vectors up to each size and times the product's own nearest-neighbour query, right after the
 * fill and again once the store has merged the index segments the fill left (a bulk fill of 2,000 entries per
 * transaction leaves dozens, each searched on its own; a cache that grows one answer at a time never has that many) and
 * one more entry was stored, which lets searches see the merged index, as every answered miss does in the product.
 * Also times the in-process embedding of one question, the other half of a lookup.
 */
final class CacheLookupBenchmark {

    static final int BATCH = 2000;
    static final int QUERIES = 200;
    static final String SCOPE = "benchmark|default";

    static final Duration IDLE_WINDOW = Duration.ofSeconds(3);
    /** Idle windows in a row: Lucene may start a merge a few seconds after the fill's last commit. */
    static final int IDLE_WINDOWS = 4;
    static final Duration SETTLE_LIMIT = Duration.ofMinutes(15);

    private final String neo4jUri;
    private final long storesPid;
    private final Random random = new Random(42);

    /** {@code storesPid}: the store launcher's process (0: unknown; the figures after merging are then left out). */
    CacheLookupBenchmark(String neo4jUri, long storesPid) {
        this.neo4jUri = neo4jUri;
        this.storesPid = storesPid;
    }

    void run(List<Integer> sizes) throws InterruptedException {
        System.out.println("== Semantic cache lookup (Neo4j HNSW vector index, cosine, 384 dimensions)");
        SentenceEmbedder embedder = new SentenceEmbedder();
        embedder.embed("warm up the model");
        Percentiles embed = new Percentiles();
        for (int i = 0; i < 50; i++) {
            long t = System.nanoTime();
            embedder.embed("how do i repot an orchid without damaging its roots number " + i);
            embed.add((System.nanoTime() - t) / 1e6);
        }
        System.out.println("embedding one question in-process: " + embed.summary());
        try (Driver driver = GraphDatabase.driver(neo4jUri, AuthTokens.none()); Session session = driver.session()) {
            session.run(Neo4jSemanticCacheIndex.CREATE_INDEX).consume();
            Neo4jSemanticCacheIndex.CREATE_LOOKUP_INDEXES.forEach(create -> session.run(create).consume());
            session.run("CALL db.awaitIndex($index, 300)", Map.of("index", Neo4jSemanticCacheIndex.INDEX)).consume();
            int stored = count(session);
            for (int size : sizes) {
                long fillStart = System.nanoTime();
                while (stored < size) {
                    int n = Math.min(BATCH, size - stored);
                    insert(session, stored, n);
                    stored += n;
                }
                double fillSeconds = (System.nanoTime() - fillStart) / 1e9;
                session.run("CALL db.awaitIndex($index, 600)", Map.of("index", Neo4jSemanticCacheIndex.INDEX)).consume();
                System.out.printf(Locale.ROOT, "%,d entries (filled in %.1f s), right after the fill, while the store still merges "
                        + "the fill's index segments: nearest-neighbour lookup %s%n", size, fillSeconds, lookups(session).summary());
                if (storesPid > 0) {
                    double waited = new IdleWait(List.of(storesPid), IDLE_WINDOW, IDLE_WINDOWS, SETTLE_LIMIT).await();
                    insert(session, stored, 1); // as every answered miss stores one: searches then see the merged segments
                    stored++;
                    System.out.printf(Locale.ROOT, "%,d entries once merged (the store idle after %.0f s more) and one more entry "
                            + "stored: nearest-neighbour lookup %s%n", size, waited, lookups(session).summary());
                }
            }
        }
    }

    /** The product's lookup of questions not asked before (the exact question, then the vectors), {@link #QUERIES} times. */
    private Percentiles lookups(Session session) {
        Percentiles lookups = new Percentiles();
        for (int q = 0; q < QUERIES; q++) {
            List<Double> vector = unitVector();
            long t = System.nanoTime(); // the product's two queries for a question not asked before
            session.run(Neo4jSemanticCacheIndex.EXACT, Map.of("scope", SCOPE, "question", "a question not asked before " + q, "limit", 2)).list();
            session.run(Neo4jSemanticCacheIndex.NEAREST, Map.of("index", Neo4jSemanticCacheIndex.INDEX, "k", SemanticCache.CANDIDATES,
                    "vector", vector, "scope", SCOPE, "limit", 2)).list();
            lookups.add((System.nanoTime() - t) / 1e6);
        }
        return lookups;
    }

    private static int count(Session session) {
        return session.run("MATCH (c:CacheEntry {scope: $scope}) RETURN count(c) AS n", Map.of("scope", SCOPE)).single().get("n").asInt();
    }

    private void insert(Session session, int from, int n) {
        List<Map<String, Object>> rows = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            Map<String, Object> row = new HashMap<>();
            row.put("id", "bench-" + (from + i));
            row.put("question", "benchmark question " + (from + i));
            row.put("vector", unitVector());
            rows.add(row);
        }
        session.executeWrite(tx -> tx.run("UNWIND $rows AS row CREATE (c:CacheEntry {id: row.id, scope: $scope, question: row.question, "
                + "answer: 'benchmark answer', confidence: 'mittel', flagged: false, embedding: row.vector})",
                Map.of("rows", rows, "scope", SCOPE)).consume());
    }

    private List<Double> unitVector() {
        double[] v = new double[SentenceEmbedder.DIMENSIONS];
        double norm = 0;
        for (int i = 0; i < v.length; i++) {
            v[i] = random.nextGaussian();
            norm += v[i] * v[i];
        }
        List<Double> list = new ArrayList<>(v.length);
        for (double x : v) {
            list.add(x / Math.sqrt(norm));
        }
        return list;
    }
}
