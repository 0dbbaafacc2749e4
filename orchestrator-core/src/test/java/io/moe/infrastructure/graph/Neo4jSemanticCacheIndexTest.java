package io.moe.infrastructure.graph;

import io.moe.application.pipeline.cache.SemanticCache;
import io.moe.application.pipeline.cache.SemanticCacheIndex;
import io.moe.devservices.TestStores;
import io.moe.domain.pipeline.Confidence;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The semantic-cache index adapter against a real Neo4j vector index, with synthetic unit vectors. */
class Neo4jSemanticCacheIndexTest {

    private static final TestStores STORES = TestStores.shared();
    private static Neo4jClient client;
    private static SemanticCacheIndex index;
    private final Random random = new Random();

    @BeforeAll
    static void open() {
        client = new Neo4jClient(STORES.neo4jUri(), null, null);
        index = new Neo4jSemanticCacheIndex(client);
    }

    @AfterAll
    static void close() {
        client.close();
    }

    @Test
    void anEntryIsFoundByItsOwnVectorWithItsAnswerAndConfidence() {
        String scope = "scope-" + UUID.randomUUID();
        float[] v = unitVector();
        String id = index.add(scope, "what is the capital of france", v, "Paris.", Confidence.HOCH).orElseThrow();

        SemanticCacheIndex.Probe probe = index.nearest(scope, v, 10, 2);

        assertEquals(1, probe.hits().size());
        SemanticCache.Hit hit = probe.hits().get(0);
        assertEquals(id, hit.id());
        assertEquals("what is the capital of france", hit.question());
        assertEquals("Paris.", hit.answer());
        assertEquals(Confidence.HOCH, hit.confidence());
        assertTrue(hit.distance() < 0.01, "the same vector: " + hit.distance());
        assertTrue(probe.considered() >= 1 && probe.considered() <= 10, "considered " + probe.considered());
        assertTrue(probe.horizon() >= hit.distance(), "the probe reached at least its hit: " + probe.horizon());
    }

    @Test
    void theExactQuestionIsFoundWithoutItsVector() {
        String scope = "scope-" + UUID.randomUUID();
        float[] v = unitVector();
        String id = index.add(scope, "how tall is the eiffel tower", v, "330 m.", Confidence.HOCH).orElseThrow();

        List<SemanticCache.Hit> exact = index.exact(scope, "how tall is the eiffel tower", 2);

        assertEquals(List.of(id), exact.stream().map(SemanticCache.Hit::id).toList());
        assertEquals(0.0, exact.get(0).distance());
        assertEquals("330 m.", exact.get(0).answer());
        assertEquals(List.of(), index.exact(scope, "how tall is the tower", 2), "only exactly the question");
        List<SemanticCache.Hit> near = index.nearest(scope, near(v), 10, 2).hits();
        assertEquals(List.of(id), near.stream().map(SemanticCache.Hit::id).toList(), "a question worded otherwise is found by its vector");
        assertTrue(near.get(0).distance() > 0 && near.get(0).distance() < 0.5, "near, not the same: " + near.get(0).distance());
    }

    @Test
    void aSecondAddOfTheSameQuestionKeepsTheFirstAnswer() {
        String scope = "scope-" + UUID.randomUUID();
        float[] v = unitVector();
        index.add(scope, "which river flows through tübingen", v, "The Neckar.", Confidence.MITTEL).orElseThrow();

        assertEquals(Optional.empty(), index.add(scope, "which river flows through tübingen", unitVector(), "Poison.", Confidence.HOCH));
        assertEquals("The Neckar.", index.exact(scope, "which river flows through tübingen", 1).get(0).answer());
    }

    @Test
    void flaggedEntriesAndOtherScopesAreNeverReturned() {
        String scope = "scope-" + UUID.randomUUID();
        float[] v = unitVector();
        String id = index.add(scope, "boiling point of water", v, "100 °C", Confidence.HOCH).orElseThrow();
        index.add("other-" + UUID.randomUUID(), "boiling point of water", v, "100 °C", Confidence.HOCH).orElseThrow();
        assertEquals(List.of(id), index.exact(scope, "boiling point of water", 5).stream().map(SemanticCache.Hit::id).toList());
        assertEquals(List.of(id), index.nearest(scope, v, 10, 5).hits().stream().map(SemanticCache.Hit::id).toList());

        assertTrue(index.flag(id));

        assertEquals(List.of(), index.exact(scope, "boiling point of water", 5), "not even as the exact question");
        assertEquals(List.of(), index.nearest(scope, v, 10, 5).hits());
        assertTrue(index.nearest(scope, v, 10, 5).considered() >= 2, "the entries are still in the index, only filtered");
        assertFalse(index.flag("no-such-entry-" + UUID.randomUUID()));
    }

    /** A unit vector close to {@code v} (cosine about 0.98), as a paraphrase's embedding would be. */
    private float[] near(float[] v) {
        float[] noise = unitVector();
        float[] w = new float[v.length];
        double norm = 0;
        for (int i = 0; i < v.length; i++) {
            w[i] = v[i] + 0.2f * noise[i];
            norm += w[i] * w[i];
        }
        for (int i = 0; i < w.length; i++) {
            w[i] /= (float) Math.sqrt(norm);
        }
        return w;
    }

    private float[] unitVector() {
        float[] v = new float[384];
        double norm = 0;
        for (int i = 0; i < v.length; i++) {
            v[i] = (float) random.nextGaussian();
            norm += v[i] * v[i];
        }
        for (int i = 0; i < v.length; i++) {
            v[i] /= (float) Math.sqrt(norm);
        }
        return v;
    }
}
