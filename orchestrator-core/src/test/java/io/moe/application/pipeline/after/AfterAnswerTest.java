package io.moe.application.pipeline.after;

import io.moe.application.events.EventOutbox;
import io.moe.application.pipeline.Fakes;
import io.moe.application.pipeline.cache.SemanticCache;
import io.moe.application.pipeline.merge.AnswerForm;
import io.moe.infrastructure.concurrency.PipelineExecutor;
import io.moe.application.pipeline.run.PipelineRun;
import io.moe.infrastructure.search.SearchHit;
import io.moe.domain.mode.Mode;
import io.moe.domain.pipeline.Category;
import io.moe.domain.pipeline.Confidence;
import io.moe.domain.pipeline.Plan;
import io.moe.domain.pipeline.Subtask;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Rules 1 and 10: which answers go into the semantic cache and onto the event topics. */
class AfterAnswerTest {

    private static final String LONG = "Water boils at 100 degrees Celsius at sea level, and earlier at altitude because the air "
            + "pressure is lower there, which is why pasta takes longer to cook in the mountains.";
    private static final String SHORT = "Water boils at 100 degrees Celsius at sea level. At altitude it boils earlier, "
            + "since the air is thinner.";

    private final List<String> cached = new CopyOnWriteArrayList<>();
    private final List<String> topics = new CopyOnWriteArrayList<>();
    private final List<String> flagged = new CopyOnWriteArrayList<>();
    private final java.util.Map<String, String> ratingSteps = new java.util.concurrent.ConcurrentHashMap<>();

    @Test
    void anAnswerOfAtMost150CharactersIsNeitherCachedNorPublishedHoweverLongItsForm() {
        assertTrue(SHORT.length() <= AfterAnswer.MIN_CHARS);
        String form = AnswerForm.render(Mode.DEFAULT, SHORT, Confidence.HOCH, "");
        assertTrue(form.length() > AfterAnswer.MIN_CHARS, "the block around it makes " + form.length() + " characters");

        after().schedule(answered(SHORT, Fakes.TEMPLATE), form, 5);

        assertEquals(List.of(), cached);
        assertEquals(List.of(), topics);
    }

    @Test
    void aLongerAnswerIsCachedAsTheModelWroteItAndPublished() {
        assertTrue(LONG.length() > AfterAnswer.MIN_CHARS);

        after().schedule(answered(LONG, Fakes.TEMPLATE), AnswerForm.render(Mode.DEFAULT, LONG, Confidence.HOCH, ""), 5);

        assertEquals(List.of(LONG), cached);
        assertEquals(List.of("moe.requests", "moe.ingest"), topics);
    }

    @Test
    void anAnswerALengthLimitCutIsNotCachedButPublished() {
        PipelineRun run = answered(LONG, Fakes.TEMPLATE);
        run.verdict().answer(LONG, Confidence.HOCH, true); // the client's max_tokens stopped the judge

        after().schedule(run, LONG, 5);

        assertEquals(List.of(), cached, "the next asker would get the cut answer");
        assertEquals(List.of("moe.requests", "moe.ingest"), topics);
    }

    @Test
    void aBadRatingThatCameWhileTheEntryWasStoredFlagsItOnceItIsThere() {
        ratingSteps.put(ResponseRecords.RATING_STEP, "1"); // the rating waited its 5 s and found no entry to flag

        after().schedule(answered(LONG, Fakes.TEMPLATE), LONG, 5);

        assertEquals(List.of("entry-1"), flagged);
    }

    @Test
    void aGoodOrNoRatingLeavesTheNewEntryAsItIs() {
        after().schedule(answered(LONG, Fakes.TEMPLATE), LONG, 5);
        ratingSteps.put(ResponseRecords.RATING_STEP, "4");
        after().schedule(answered(LONG, Fakes.TEMPLATE), LONG, 5);

        assertEquals(List.of(), flagged);
    }

    @Test
    void anAnswerDrawnFromWebResearchIsNotCached() {
        PipelineRun run = answered(LONG, Fakes.TEMPLATE);
        run.findings().addWeb("Kubernetes releases", List.of(new SearchHit("Releases", "https://kubernetes.io/releases", "v1.31 is out")));

        after().schedule(run, LONG, 5);

        assertEquals(List.of(), cached, "current information, and a hit could not show its sources");
        assertEquals(List.of("moe.requests", "moe.ingest"), topics);
    }

    @Test
    void aStopgapAnswerWithoutItsSourcesIsNeitherCachedNorTaughtToTheGraph() {
        PipelineRun run = answered(LONG, Fakes.TEMPLATE);
        run.findings().answeredWithoutSources();

        after().schedule(run, LONG, 5);

        assertEquals(List.of(), cached, "the search is asked again next time");
        assertEquals(List.of("moe.requests"), topics);
    }

    @Test
    void anAnswerWithALinkToAFileMadeForItsUserIsNotShared() {
        PipelineRun run = answered(LONG, Fakes.TEMPLATE);
        run.findings().fileMade();

        after().schedule(run, LONG, 5);

        assertEquals(List.of(), cached);
        assertEquals(List.of("moe.requests"), topics);
    }

    @Test
    void aTemplateWithoutTheCacheStillFeedsTheKnowledgeGraph() {
        var template = Fakes.template(t -> jakarta.json.Json.createObjectBuilder(t).add("enable_cache", JsonValue.FALSE).build());

        after().schedule(answered(LONG, template), LONG, 5);

        assertEquals(List.of(), cached);
        assertEquals(List.of("moe.requests", "moe.ingest"), topics);
    }

    @Test
    void anAnswerWrittenWithTheUsersOwnUnapprovedCorrectionIsNeitherCachedNorPublishedForTheGraph() {
        PipelineRun run = answered(LONG, Fakes.TEMPLATE);
        run.findings().ownPendingCorrectionShown();

        after().schedule(run, LONG, 5);

        assertEquals(List.of(), cached);
        assertEquals(List.of("moe.requests"), topics);
    }

    @Test
    void anOwnTemplatesAnswerIsCachedInItsOwnersScopeButNeverTurnedIntoGraphFactsOrPlannerPatterns() {
        PipelineRun run = answered(LONG, Fakes.TEMPLATE);
        run.templateOwnedBy("alice");
        List<JsonObject> kept = new CopyOnWriteArrayList<>();
        AfterAnswer after = after();
        after.responses = new ResponseStore() {
            @Override
            public void put(String responseId, JsonObject metadata) {
                kept.add(metadata);
            }
        };

        after.schedule(run, LONG, 5);

        assertEquals(List.of(LONG), cached);
        assertEquals(List.of("moe.requests"), topics, "no moe.ingest: graph facts reach every user");
        assertEquals("", kept.get(0).getString("pattern", "absent"), "a good rating teaches no planner this template's categories");
        assertTrue(SemanticCache.scope(run).startsWith("user:alice/"), SemanticCache.scope(run));
        PipelineRun bobs = answered(LONG, Fakes.TEMPLATE);
        bobs.templateOwnedBy("bob");
        assertNotEquals(SemanticCache.scope(run), SemanticCache.scope(bobs), "two users' own templates of one name share no entries");
        assertNotEquals(SemanticCache.scope(run), SemanticCache.scope(answered(LONG, Fakes.TEMPLATE)), "nor with the admin template");
    }

    private static PipelineRun answered(String answer, io.moe.domain.template.ExpertTemplate template) {
        PipelineRun run = Fakes.run("Why does water boil earlier in the mountains?", template, Mode.DEFAULT);
        run.findings().plan(new Plan(List.of(new Subtask("Explain boiling", Category.GENERAL, null, null, null)), false));
        run.verdict().answer(answer, Confidence.HOCH);
        return run;
    }

    private AfterAnswer after() {
        AfterAnswer after = new AfterAnswer();
        after.executor = new PipelineExecutor() { // the work after the answer, done at once
            @Override
            public <T> CompletableFuture<T> supply(Supplier<T> work) {
                return CompletableFuture.completedFuture(work.get());
            }

            @Override
            public <T> CompletableFuture<T> branch(Supplier<T> work) {
                return CompletableFuture.completedFuture(work.get());
            }
        };
        after.responses = new ResponseStore() {
            @Override
            public void put(String responseId, JsonObject metadata) {
            }
        };
        after.cache = new SemanticCache() {
            @Override
            public Optional<String> store(PipelineRun run, String answer) {
                cached.add(answer);
                return Optional.of("entry-1");
            }

            @Override
            public boolean flag(String id) {
                flagged.add(id);
                return true;
            }
        };
        after.events = new EventOutbox() {
            @Override
            public void publish(String topic, String key, JsonObject event) {
                topics.add(topic);
            }
        };
        after.ratings = (ResponseRecords) java.lang.reflect.Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {ResponseRecords.class}, (proxy, method, args) -> switch (method.getName()) {
                    case "ratingSteps" -> java.util.Map.copyOf(ratingSteps);
                    default -> {
                        if (!method.isDefault()) {
                            throw new UnsupportedOperationException(method.getName());
                        }
                        yield java.lang.reflect.InvocationHandler.invokeDefault(proxy, method, args);
                    }
                });
        return after;
    }
}
