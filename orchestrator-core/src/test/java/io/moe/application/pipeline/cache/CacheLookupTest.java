package io.moe.application.pipeline.cache;

import io.moe.application.pipeline.Fakes;
import io.moe.application.pipeline.run.PipelineRun;
import io.moe.domain.mode.Mode;
import io.moe.domain.pipeline.Confidence;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Rule 1's lookup, when it is not asked at all, and what a hard hit answers. */
class CacheLookupTest {

    /** A lookup whose cache fails the test when it is asked. */
    private static CacheLookup neverAsked() {
        CacheLookup lookup = new CacheLookup();
        lookup.cache = new SemanticCache() {
            @Override
            public List<Hit> nearest(PipelineRun run, int limit) {
                throw new AssertionError("the cache was asked");
            }
        };
        lookup.metrics = new Fakes.NoMetrics();
        return lookup;
    }

    /** A lookup whose cache holds {@code answer} for exactly the question. */
    private static CacheLookup holding(String answer) {
        CacheLookup lookup = new CacheLookup();
        lookup.cache = new SemanticCache() {
            @Override
            public List<Hit> nearest(PipelineRun run, int limit) {
                return List.of(new Hit("entry-1", run.question().text(), answer, Confidence.HOCH, 0.0));
            }
        };
        lookup.metrics = new Fakes.NoMetrics();
        return lookup;
    }

    @Test
    void aHardHitAnswersTheCachedAnswerWhole() {
        String answer = "A harbour is a sheltered body of water where ships can dock. ".repeat(10);
        PipelineRun run = Fakes.run("What is a harbour?");

        assertTrue(holding(answer).lookup(run));

        assertEquals(answer, run.verdict().answer());
        assertFalse(run.verdict().cut());
    }

    @Test
    void aHardHitLongerThanTheClientsMaxTokensIsCutAsAModelWouldStop() {
        String answer = "A harbour is a sheltered body of water where ships can dock. ".repeat(10);
        PipelineRun run = Fakes.run("What is a harbour?", Fakes.user(), 20);

        assertTrue(holding(answer).lookup(run));

        assertEquals(answer.substring(0, 80), run.verdict().answer(), "20 tokens of about four characters");
        assertTrue(run.verdict().cut(), "finish_reason length");
        PipelineRun roomy = Fakes.run("What is a harbour?", Fakes.user(), 1000);
        assertTrue(holding(answer).lookup(roomy));
        assertEquals(answer, roomy.verdict().answer());
        assertFalse(roomy.verdict().cut());
    }

    @Test
    void aTemplateWithoutTheCacheNeverAsksItAndTheTraceSaysWhy() {
        CacheLookup lookup = neverAsked();
        PipelineRun run = Fakes.run("What is 2+2?", Fakes.template(t -> Json.createObjectBuilder(t)
                .add("enable_cache", JsonValue.FALSE).build()), Mode.DEFAULT);

        assertFalse(lookup.lookup(run));

        JsonObject cache = run.trace().toJson(List.of()).getJsonObject("cache");
        assertEquals("bypassed", cache.getString("path"));
        assertTrue(cache.getString("reason").contains("enable_cache"), cache.toString());
    }

    @Test
    void aQuestionLongerThanTheCacheKeepsIsNeitherEmbeddedNorLookedUp() {
        CacheLookup lookup = neverAsked();
        PipelineRun run = Fakes.run("word ".repeat(SemanticCache.MAX_QUESTION / 4), Fakes.template(t -> t), Mode.DEFAULT);

        assertFalse(lookup.lookup(run));

        JsonObject cache = run.trace().toJson(List.of()).getJsonObject("cache");
        assertEquals("bypassed", cache.getString("path"));
        assertTrue(cache.getString("reason").contains("longer than 2000 characters"), cache.toString());
    }

    @Test
    void aQuestionASkillRewroteIsNeitherLookedUpNorSharedForItsTextIsTheSkillsPrompt() {
        CacheLookup lookup = neverAsked();
        PipelineRun run = Fakes.run("/playbook ACME renewal");
        run.question().replace("You negotiate renewals for our largest customers. Our floor price is ... Customer: ACME renewal");

        assertFalse(lookup.lookup(run));

        JsonObject cache = run.trace().toJson(List.of()).getJsonObject("cache");
        assertEquals("bypassed", cache.getString("path"));
        assertEquals("skill", cache.getString("reason"), cache.toString());
        assertFalse(SelfContained.of(run), "nor stored in the cache or sent to the knowledge graph");
    }
}
