package io.moe.application.pipeline.plan;

import io.moe.domain.mode.Mode;
import io.moe.domain.chat.ChatRequest;
import io.moe.domain.chat.ChatMessage;
import io.moe.application.pipeline.run.PipelineRun;
import java.util.List;
import io.moe.application.pipeline.Fakes;

import io.moe.domain.chat.Completion;
import io.moe.domain.chat.TokenUsage;
import io.moe.domain.pipeline.Category;
import io.moe.domain.pipeline.Plan;
import io.moe.infrastructure.llm.InferenceException;
import org.junit.jupiter.api.Test;

import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Rule 2, the planner: a parsed plan is cached; unusable output or a failing planner gives one general task. */
class PlannerRuleTest {

    private static Planner planner(Fakes.ScriptedInference inference, Fakes.MemoryPlans plans) {
        return planner(inference, plans, true);
    }

    private static Planner planner(Fakes.ScriptedInference inference, Fakes.MemoryPlans plans, boolean researchOn) {
        Planner planner = new Planner();
        planner.research = new io.moe.application.pipeline.research.ResearchStage() {
            @Override
            public boolean enabled(io.moe.application.pipeline.run.PipelineRun run) {
                return researchOn;
            }
        };
        planner.models = Fakes.caller(inference);
        planner.cache = new PlanCache();
        planner.cache.store = plans;
        planner.tools = new Fakes.NoTools();
        planner.patterns = new LearnedPatterns();
        planner.patterns.store = new PlannerPatternStore() {
            @Override
            public void count(String pattern) {
            }

            @Override
            public java.util.List<java.util.Map.Entry<String, Double>> top(int n) {
                return java.util.List.of();
            }
        };
        return planner;
    }

    @Test
    void aPlanIsParsedFromThePlannersOutputAndCachedForTheSameQuestion() {
        Fakes.ScriptedInference inference = Fakes.ScriptedInference.answering(
                "Plan:\n```json\n[{\"task\":\"Explain tides\",\"category\":\"general\"},{\"task\":\"Compute 2*3\",\"category\":\"math\"}]\n```");
        Fakes.MemoryPlans plans = new Fakes.MemoryPlans();
        Plan first = planner(inference, plans).plan(Fakes.run("Tides and 2*3?"), false);
        assertEquals(2, first.tasks().size());
        assertEquals(Category.MATH, first.tasks().get(1).category());
        Plan again = planner(inference, plans).plan(Fakes.run("Tides and 2*3?"), false);
        assertEquals(first.tasks(), again.tasks());
        assertEquals(1, inference.calls.size(), "the second plan came from the cache");
        assertEquals(1024, inference.calls.get(0).maxTokens(), "the planner's own cap");
    }

    @Test
    void unusableOutputIsOneGeneralTaskHoldingTheQuestion() {
        Plan plan = planner(Fakes.ScriptedInference.answering("I cannot plan this."), new Fakes.MemoryPlans())
                .plan(Fakes.run("Why is the sky blue?"), false);
        assertTrue(plan.fallback());
        assertEquals("Why is the sky blue?", plan.tasks().get(0).task());
        assertEquals(Category.GENERAL, plan.tasks().get(0).category());
    }

    @Test
    void aFallbackPlanIsNotCachedSoTheNextRequestAsksThePlannerAgain() {
        Fakes.MemoryPlans plans = new Fakes.MemoryPlans();
        planner(Fakes.ScriptedInference.answering("[{\"task\": \"cut off"), plans).plan(Fakes.run("Why is the sky blue?"), false);
        assertTrue(plans.plans.isEmpty(), "one truncated reply does not pin the fallback for everyone");
    }

    @Test
    void withResearchOffAResearchTaskIsNeitherOfferedNorKept() {
        Fakes.ScriptedInference inference = Fakes.ScriptedInference.answering("[{\"task\":\"latest release\",\"category\":\"research\"}]");
        Plan plan = planner(inference, new Fakes.MemoryPlans(), false).plan(Fakes.run("What is the latest Kubernetes release?"), false);
        assertEquals(List.of(Category.GENERAL), plan.tasks().stream().map(t -> t.category()).toList(), "answered by a general expert");
        String categories = inference.calls.get(0).messages().get(0).text().replaceAll("(?s).*Categories: ([^\n]*)\n.*", "$1");
        List<String> offered = List.of(categories.replaceAll("\\.$", "").split(", "));
        assertFalse(offered.contains(Category.RESEARCH), "the planner is not offered research: " + offered);
        assertTrue(offered.contains(Category.GENERAL), categories);
    }

    @Test
    void aQuestionWithAnImageAlwaysHasAVisionTask() {
        PipelineRun withImage = new PipelineRun("chatcmpl-test", Fakes.user(), new ChatRequest(Mode.DEFAULT,
                List.of(new ChatMessage("user", "What is in this picture?", List.of("data:image/png;base64,iVBORw0KGgo="))), 0),
                Fakes.run("x").template(), io.moe.application.pipeline.run.Progress.NONE);
        Plan fallback = planner(Fakes.ScriptedInference.answering("no json"), new Fakes.MemoryPlans()).plan(withImage, false);
        assertEquals(List.of(Category.VISION), fallback.tasks().stream().map(t -> t.category()).toList(), "the fallback's task sees the image");
        Plan planned = planner(Fakes.ScriptedInference.answering("[{\"task\":\"describe\",\"category\":\"general\"},"
                + "{\"task\":\"2+2\",\"category\":\"math\"}]"), new Fakes.MemoryPlans()).plan(withImage, false);
        assertEquals(List.of(Category.VISION, Category.MATH), planned.tasks().stream().map(t -> t.category()).toList());
    }

    @Test
    void aPlannerThatFailsOutrightDegradesButATimeoutIsReported() {
        Fakes.MemoryPlans plans = new Fakes.MemoryPlans();
        Plan plan = planner(new Fakes.ScriptedInference(call -> CompletableFuture.failedFuture(
                new InferenceException("HTTP 500", false, null))), plans).plan(Fakes.run("q"), false);
        assertTrue(plan.fallback());
        assertTrue(plans.plans.isEmpty(), "a degraded plan is not cached");
        InferenceException timeout = assertThrows(InferenceException.class, () -> planner(new Fakes.ScriptedInference(call ->
                CompletableFuture.failedFuture(new InferenceException("slow", true, null))), plans).plan(Fakes.run("q"), false));
        assertTrue(timeout.timedOut());
    }

    @Test
    void replanningBypassesTheCache() {
        Fakes.ScriptedInference inference = Fakes.ScriptedInference.answering("[{\"task\":\"t\",\"category\":\"general\"}]");
        Fakes.MemoryPlans plans = new Fakes.MemoryPlans();
        planner(inference, plans).plan(Fakes.run("q"), false);
        Plan replanned = planner(inference, plans).plan(Fakes.run("q"), true);
        assertFalse(replanned.fallback());
        assertEquals(2, inference.calls.size());
    }

    static Completion text(String content) {
        return new Completion(content, "p@local", new TokenUsage(1, 1));
    }
}
