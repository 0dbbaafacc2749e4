package io.moe.application.pipeline.merge;

import io.moe.application.pipeline.Fakes;
import io.moe.application.pipeline.run.PipelineRun;

import io.moe.domain.chat.Completion;
import io.moe.domain.chat.TokenUsage;
import io.moe.domain.mode.Mode;
import io.moe.domain.pipeline.Category;
import io.moe.domain.pipeline.Confidence;
import io.moe.domain.pipeline.ExpertResult;
import io.moe.domain.pipeline.Plan;
import io.moe.domain.pipeline.Subtask;
import io.moe.domain.template.ExpertTemplate;
import jakarta.json.Json;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Rule 6 (when the four-step thinking runs) and rule 9 (agentic rounds and the gap check). */
class ThinkingAndAgenticRuleTest {

    @Test
    void thinkingRunsForThePlanModeAndForComplexOrUnsureRequestsButNotForTrivialOnes() {
        ThinkingStep thinking = new ThinkingStep();
        assertTrue(thinking.applies(planned(Fakes.run("hi", Fakes.TEMPLATE, Mode.PLAN), 1)), "plan mode forces it");
        assertFalse(thinking.applies(planned(Fakes.run("hi", Fakes.TEMPLATE, Mode.DEFAULT), 1)), "a trivial request skips it");
        assertTrue(thinking.applies(planned(Fakes.run("q", Fakes.TEMPLATE, Mode.DEFAULT), 2)), "several tasks make it complex");
        PipelineRun unsure = planned(Fakes.run("x".repeat(500), Fakes.TEMPLATE, Mode.DEFAULT), 1);
        unsure.findings().experts(List.of(ExpertResult.of(Category.GENERAL, "q", "m@local", 1, "Perhaps.\nKONFIDENZ: niedrig")));
        assertTrue(thinking.applies(unsure), "a long question with an unsure expert");
    }

    @Test
    void theThinkingTraceBecomesMaterialAndAFailureLeavesNone() {
        ThinkingStep thinking = new ThinkingStep();
        thinking.models = Fakes.caller(Fakes.ScriptedInference.answering("1. a 2. b 3. c 4. d"));
        PipelineRun run = planned(Fakes.run("q", Fakes.TEMPLATE, Mode.PLAN), 1);
        thinking.run(run);
        assertEquals("1. a 2. b 3. c 4. d", run.findings().reasoning());

        thinking.models = Fakes.caller(new Fakes.ScriptedInference(call -> CompletableFuture.failedFuture(
                new io.moe.infrastructure.llm.InferenceException("down", false, null))));
        PipelineRun failed = planned(Fakes.run("q", Fakes.TEMPLATE, Mode.PLAN), 1);
        thinking.run(failed);
        assertEquals("", failed.findings().reasoning());
        assertTrue(failed.trace().toJson(List.of()).getString("thinking").startsWith("failed"));
    }

    @Test
    void withoutAgenticRoundsNoGapCheckRuns() {
        Fakes.ScriptedInference inference = Fakes.ScriptedInference.answering("NEEDS_MORE_INFO: dates");
        assertFalse(loop(inference).anotherRound(answered(Fakes.TEMPLATE), 1));
        assertEquals(0, inference.calls.size());
    }

    @Test
    void aGapCheckThatFindsSomethingMissingStartsAnotherRoundWithTheGapAsContext() {
        ExpertTemplate oneRound = Fakes.template(t -> Json.createObjectBuilder(t).add("max_agentic_rounds", 1).build());
        Fakes.ScriptedInference inference = Fakes.ScriptedInference.answering("NEEDS_MORE_INFO: the dates of the war");
        PipelineRun run = answered(oneRound);
        assertTrue(loop(inference).anotherRound(run, 1));
        assertTrue(run.findings().agenticContext().contains("the dates of the war"), run.findings().agenticContext());
        assertFalse(loop(inference).anotherRound(run, 2), "no round beyond the template's maximum");
        assertEquals(1, inference.calls.size());
    }

    @Test
    void aCompleteAnswerEndsTheLoop() {
        ExpertTemplate oneRound = Fakes.template(t -> Json.createObjectBuilder(t).add("max_agentic_rounds", 1).build());
        assertFalse(loop(Fakes.ScriptedInference.answering("COMPLETE")).anotherRound(answered(oneRound), 1));
    }

    private static AgenticLoop loop(Fakes.ScriptedInference inference) {
        AgenticLoop loop = new AgenticLoop();
        loop.gaps = new GapCheck();
        loop.gaps.models = Fakes.caller(inference);
        return loop;
    }

    private static PipelineRun answered(ExpertTemplate template) {
        PipelineRun run = planned(Fakes.run("Tell me about the war", template, Mode.DEFAULT), 1);
        run.verdict().answer("It was long.", Confidence.MITTEL);
        return run;
    }

    private static PipelineRun planned(PipelineRun run, int tasks) {
        List<Subtask> list = new java.util.ArrayList<>();
        for (int i = 0; i < tasks; i++) {
            list.add(Subtask.of("task " + i, i == 0 ? Category.GENERAL : "technical_support"));
        }
        run.findings().plan(new Plan(list, false));
        return run;
    }

    static Completion text(String content) {
        return new Completion(content, "m@local", TokenUsage.NONE);
    }
}
