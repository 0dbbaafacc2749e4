package io.moe.application.pipeline.experts;

import io.moe.application.pipeline.Fakes;
import io.moe.application.pipeline.run.PipelineRun;

import io.moe.domain.chat.Completion;
import io.moe.domain.chat.TokenUsage;
import io.moe.domain.pipeline.Category;
import io.moe.domain.pipeline.Confidence;
import io.moe.domain.pipeline.ExpertResult;
import io.moe.domain.pipeline.Subtask;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Rule 3, experts in two tiers (the built-in template's general category has sim-general:8b in tier 1 and
 * sim-general-xl:70b in tier 2): a sure tier-1 answer skips tier 2, an unsure one asks tier 2, and a model
 * rated below 0.3 after 5 ratings is skipped unless it is the only one.
 */
class ExpertTierRuleTest {

    private static ExpertStage stage(Fakes.ScriptedInference inference, Fakes.MemoryScores scores) {
        ExpertStage stage = new ExpertStage();
        stage.models = Fakes.caller(inference);
        stage.scores = new ModelScores();
        stage.scores.store = scores;
        stage.executor = Fakes.executor();
        stage.metrics = new Fakes.NoMetrics();
        stage.errors = new ErrorExamples();
        stage.errors.store = new Fakes.NoCorrections();
        return stage;
    }

    /** Answers every model with the given confidence, the 70b model always with hoch. */
    private static Fakes.ScriptedInference answering(String tierOneConfidence) {
        return new Fakes.ScriptedInference(call -> CompletableFuture.completedFuture(new Completion(
                "An answer from " + call.model() + ".\nKONFIDENZ: " + (call.model().model().contains("70b") ? "hoch" : tierOneConfidence),
                call.model().toString(), new TokenUsage(10, 10))));
    }

    private static List<ExpertResult> ask(ExpertStage stage) {
        PipelineRun run = Fakes.planned("Explain tides", Subtask.of("Explain tides", Category.GENERAL));
        return stage.run(run, run.findings().plan().expertTasks());
    }

    @Test
    void aSureTierOneAnswerSkipsTierTwo() {
        Fakes.ScriptedInference inference = answering("hoch");
        List<ExpertResult> results = ask(stage(inference, new Fakes.MemoryScores()));
        assertEquals(1, inference.calls.size(), "only tier 1 was asked: " + inference.calls);
        assertEquals(Confidence.HOCH, results.get(0).confidence());
        assertEquals(1024, inference.calls.get(0).maxTokens(), "every expert call carries the expert cap");
    }

    @Test
    void anUnsureTierOneAnswerAsksTierTwo() {
        Fakes.ScriptedInference inference = answering("niedrig");
        List<ExpertResult> results = ask(stage(inference, new Fakes.MemoryScores()));
        assertEquals(2, inference.calls.size());
        assertTrue(results.stream().anyMatch(r -> r.model().contains("70b") && r.confidence() == Confidence.HOCH), results.toString());
    }

    @Test
    void aModelRatedBelowTheMinimumIsSkippedUnlessItIsTheOnlyOne() {
        Fakes.MemoryScores scores = new Fakes.MemoryScores();
        for (int i = 0; i < 6; i++) {
            scores.vote("u" + i, "sim-general:8b@local", Category.GENERAL, false, java.time.LocalDate.now(), 1);
        }
        Fakes.ScriptedInference inference = answering("hoch");
        ask(stage(inference, scores));
        assertEquals(1, inference.calls.size());
        assertTrue(inference.calls.get(0).model().model().contains("70b"), "the low-rated tier-1 model was skipped: " + inference.calls);
    }
}
