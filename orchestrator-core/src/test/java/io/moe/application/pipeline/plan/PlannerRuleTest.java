package io.moe.application.pipeline.plan;

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
        Planner planner = new Planner();
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
