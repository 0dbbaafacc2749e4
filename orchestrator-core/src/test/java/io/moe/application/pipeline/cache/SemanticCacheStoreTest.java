package io.moe.application.pipeline.cache;

import io.moe.devservices.TestStores;
import io.moe.domain.pipeline.Confidence;
import io.moe.infrastructure.embedding.SentenceEmbedder;
import io.moe.infrastructure.graph.Neo4jClient;
import io.moe.infrastructure.graph.Neo4jSemanticCacheIndex;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.moe.application.pipeline.Fakes;
import io.moe.application.pipeline.run.PipelineRun;

import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The semantic cache over its Neo4j adapter and a real vector index, with the real in-process embedding model. */
class SemanticCacheStoreTest {

    private static final TestStores STORES = TestStores.shared();
    private static Neo4jClient graph;
    private static SemanticCache cache;

    @BeforeAll
    static void open() {
        graph = new Neo4jClient(STORES.neo4jUri(), null, null);
        cache = new SemanticCache();
        cache.index = new Neo4jSemanticCacheIndex(graph);
        cache.embedder = new SentenceEmbedder();
    }

    @AfterAll
    static void close() {
        graph.close();
    }

    @Test
    void aScopeCrowdedOutOfTheFirstCandidatesByAnotherScopeStillFindsItsEntry() {
        String query = "How do I reset the password of my home router?";
        String paraphrase = "I forgot my router login, how to recover it";
        SentenceEmbedder embedder = new SentenceEmbedder();
        float[] q = embedder.embed(SemanticCache.normalise(query));
        double mineDistance = SentenceEmbedder.distance(q, embedder.embed(SemanticCache.normalise(paraphrase)));
        String crowd = "crowd-" + UUID.randomUUID();
        int closer = 0;
        for (int i = 0; i < 400 && closer < SemanticCache.CANDIDATES + 10; i++) {
            String variant = "How do I reset the password of my home router " + i;
            if (SentenceEmbedder.distance(q, embedder.embed(SemanticCache.normalise(variant))) < mineDistance - 0.02) {
                cache.store(crowd, variant, "answer " + i, Confidence.HOCH);
                closer++;
            }
        }
        assertEquals(SemanticCache.CANDIDATES + 10, closer, "precondition: the other scope has more closer entries than the first candidates");
        String mine = "mine-" + UUID.randomUUID();
        String id = cache.store(mine, paraphrase, "the steps", Confidence.HOCH).orElseThrow();

        List<SemanticCache.Hit> hits = cache.nearest(mine, query, 1);

        assertEquals(1, hits.size(), "the other scope's " + closer + " closer entries do not hide it");
        assertEquals(id, hits.get(0).id());
        assertTrue(hits.get(0).distance() < SemanticCache.SOFT, "a paraphrase: " + hits.get(0).distance());
    }

    @Test
    void theLongestQuestionKeptFitsTheStoresIndexAndALongerOneIsNotCached() {
        String scope = "long-" + UUID.randomUUID();
        String longest = "日本".repeat(SemanticCache.MAX_QUESTION / 2); // three bytes each: 6 KB of index key
        assertTrue(cache.store(scope, longest, "an answer", Confidence.HOCH).isPresent(), "the store's index takes it");
        assertTrue(cache.store(scope, "x ".repeat(5_000), "an answer", Confidence.HOCH).isEmpty(),
                "a question of pages is answered, not cached");
        String tooLong = "日本".repeat(SemanticCache.MAX_QUESTION * 2);
        float[] vector = new SentenceEmbedder().embed("x");
        assertThrows(RuntimeException.class, () -> cache.index.add(scope, tooLong, vector, "an answer", Confidence.HOCH),
                "why the bound: the store's index refuses a key of 24 KB");
    }

    @Test
    void flaggedEntriesAndOtherScopesAreNeverReturned() {
        String scope = "scope-" + UUID.randomUUID();
        String flagged = cache.store(scope, "What is the boiling point of water at sea level?", "100 °C", Confidence.HOCH).orElseThrow();
        cache.store("other-" + UUID.randomUUID(), "What is the boiling point of water at sea level?", "100 °C", Confidence.HOCH);
        assertEquals(1, cache.nearest(scope, "What is the boiling point of water at sea level?", 2).size());

        assertTrue(cache.flag(flagged));

        assertEquals(List.of(), cache.nearest(scope, "What is the boiling point of water at sea level?", 2));
    }

    @Test
    void aStoreNeverOverwritesAnEntryNorClearsItsFlag() {
        String scope = "scope-" + UUID.randomUUID();
        String question = "Which river flows through the old town of Tübingen?";
        String id = cache.store(scope, question, "The Neckar.", Confidence.HOCH).orElseThrow();

        assertEquals(java.util.Optional.empty(), cache.store(scope, question.toUpperCase(), "The poisoned answer.", Confidence.HOCH));
        assertEquals("The Neckar.", cache.nearest(scope, question, 1).get(0).answer(), "the first answer stays");

        assertTrue(cache.flag(id));
        assertEquals(java.util.Optional.empty(), cache.store(scope, question, "Another answer.", Confidence.HOCH));
        assertEquals(List.of(), cache.nearest(scope, question, 2), "the entry stays flagged");
    }

    @Test
    void aQuestionOfPunctuationAloneIsNeitherLookedUpNorStored() {
        String scope = "scope-" + UUID.randomUUID();
        assertEquals(java.util.Optional.empty(), cache.store(scope, "?!?", "an answer to nothing", Confidence.HOCH));
        assertEquals(List.of(), cache.nearest(scope, "???", 2), "no entry, and no failure of the embedding model");
    }

    @Test
    void anAnswerIsStoredUnderTheEmbeddingItsLookupComputed() {
        AtomicInteger embedded = new AtomicInteger();
        SemanticCache counting = with(new SentenceEmbedder() {
            @Override
            public float[] embed(String text) {
                embedded.incrementAndGet();
                return super.embed(text);
            }
        }, cache.index);
        PipelineRun run = Fakes.run("Which bird migrates farthest, and how far? " + UUID.randomUUID());
        assertTrue(counting.nearest(run, 2).stream().allMatch(h -> h.distance() > SemanticCache.HARD), "a new question");
        assertEquals(1, embedded.get());

        String id = counting.store(run, "The arctic tern: about 70,000 km a year.").orElseThrow();

        assertEquals(1, embedded.get(), "the store reused the lookup's embedding");
        List<SemanticCache.Hit> found = cache.nearest(SemanticCache.scope(run), run.question().text() + "!", 1);
        assertEquals(id, found.get(0).id(), "found again by its text");
    }

    @Test
    void aRepeatedQuestionIsAnsweredWithoutWaitingForItsEmbedding() throws Exception {
        String question = "Which planet has the longest day? " + UUID.randomUUID();
        PipelineRun first = Fakes.run(question);
        String scope = SemanticCache.scope(first);
        String id = cache.store(scope, question, "Venus: one day there lasts 243 Earth days.", Confidence.HOCH).orElseThrow();
        CountDownLatch embeddingMayEnd = new CountDownLatch(1);
        CountDownLatch embeddingEnded = new CountDownLatch(1);
        SemanticCache stalled = with(new SentenceEmbedder() {
            @Override
            public float[] embed(String text) {
                try {
                    embeddingMayEnd.await(30, TimeUnit.SECONDS);
                    return cache.embedder.embed(text);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException(e);
                } finally {
                    embeddingEnded.countDown();
                }
            }
        }, cache.index);
        try {
            CompletableFuture<List<SemanticCache.Hit>> lookup = CompletableFuture.supplyAsync(() -> stalled.nearest(Fakes.run(question), 2));

            List<SemanticCache.Hit> hits = lookup.get(20, TimeUnit.SECONDS); // the embedding is held for 30 s

            assertEquals(List.of(id), hits.stream().map(SemanticCache.Hit::id).toList(), "found verbatim while the embedding was still running");
            assertEquals(0.0, hits.get(0).distance());
        } finally {
            embeddingMayEnd.countDown();
            assertTrue(embeddingEnded.await(30, TimeUnit.SECONDS), "the embedding left running ends"); // not in native code at exit
        }
    }

    @Test
    void aNewQuestionIsEmbeddedWhileTheStoreLooksForItVerbatim() throws Exception {
        CountDownLatch embeddingStarted = new CountDownLatch(1);
        AtomicBoolean startedDuringTheLookup = new AtomicBoolean();
        SentenceEmbedder signalling = new SentenceEmbedder() {
            @Override
            public float[] embed(String text) {
                embeddingStarted.countDown();
                return cache.embedder.embed(text);
            }
        };
        SemanticCache overlapping = with(signalling, new SemanticCacheIndex() {
            @Override
            public List<SemanticCache.Hit> exact(String scope, String question, int limit) {
                try {
                    startedDuringTheLookup.set(embeddingStarted.await(10, TimeUnit.SECONDS));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return cache.index.exact(scope, question, limit);
            }

            @Override
            public Probe nearest(String scope, float[] embedding, int candidates, int limit) {
                return cache.index.nearest(scope, embedding, candidates, limit);
            }

            @Override
            public java.util.Optional<String> add(String scope, String question, float[] embedding, String answer, Confidence confidence) {
                return cache.index.add(scope, question, embedding, answer, confidence);
            }

            @Override
            public boolean flag(String id) {
                return cache.index.flag(id);
            }
        });
        PipelineRun run = Fakes.run("How long does light take from the sun to the earth? " + UUID.randomUUID());

        assertTrue(overlapping.nearest(run, 2).stream().allMatch(h -> h.distance() > SemanticCache.HARD), "a new question");

        assertTrue(startedDuringTheLookup.get(), "the embedding began before the verbatim lookup answered");
        assertTrue(run.question().embedding() != null, "and the question keeps it for the store");
    }

    @Test
    void aQuestionThisNodeStoredIsLookedUpVerbatimWithoutBeingEmbedded() {
        AtomicInteger embedded = new AtomicInteger();
        SemanticCache counting = with(new SentenceEmbedder() {
            @Override
            public float[] embed(String text) {
                embedded.incrementAndGet();
                return cache.embedder.embed(text);
            }
        }, cache.index);
        PipelineRun first = Fakes.run("What is the tallest mountain in Africa? " + UUID.randomUUID());
        assertTrue(counting.nearest(first, 2).stream().allMatch(h -> h.distance() > SemanticCache.HARD), "a new question");
        String id = counting.store(first, "Kilimanjaro, 5,895 m.").orElseThrow();
        int before = embedded.get();

        List<SemanticCache.Hit> hits = counting.nearest(Fakes.run(first.question().text()), 2);

        assertEquals(List.of(id), hits.stream().map(SemanticCache.Hit::id).toList());
        assertEquals(before, embedded.get(), "no embedding for a question this node knows and finds verbatim");
    }

    /** A cache over {@code index} that embeds with {@code embedder}, as the server wires it. */
    private static SemanticCache with(SentenceEmbedder embedder, SemanticCacheIndex index) {
        SemanticCache wired = new SemanticCache();
        wired.embedder = embedder;
        wired.index = index;
        wired.executor = Fakes.executor();
        return wired;
    }
}
