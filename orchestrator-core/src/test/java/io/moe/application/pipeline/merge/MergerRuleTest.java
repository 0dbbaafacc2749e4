package io.moe.application.pipeline.merge;

import io.moe.application.pipeline.Fakes;
import io.moe.application.pipeline.run.NoAnswerException;
import io.moe.application.pipeline.run.PipelineRun;

import io.moe.domain.chat.Completion;
import io.moe.domain.pipeline.Category;
import io.moe.domain.pipeline.Confidence;
import io.moe.domain.pipeline.ExpertResult;
import io.moe.domain.pipeline.Subtask;
import io.moe.infrastructure.llm.InferenceException;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Rule 7, the merger: the fast path, the judge, and what a failed judge leaves. */
class MergerRuleTest {

    private static Merger merger(Fakes.ScriptedInference inference) {
        Merger merger = new Merger();
        merger.models = Fakes.caller(inference);
        return merger;
    }

    private static PipelineRun withExperts(ExpertResult... results) {
        PipelineRun run = Fakes.planned("What is a harbour?", Subtask.of("What is a harbour?", Category.GENERAL));
        run.findings().experts(List.of(results));
        return run;
    }

    @Test
    void oneConfidentExpertWithoutOtherMaterialIsAnsweredWithoutAJudge() {
        Fakes.ScriptedInference inference = Fakes.ScriptedInference.answering("unused");
        PipelineRun run = withExperts(ExpertResult.of(Category.GENERAL, "q", "m@local", 1, "A sheltered place for ships.\nKONFIDENZ: hoch"));
        merger(inference).merge(run);
        assertEquals("A sheltered place for ships.", run.verdict().answer());
        assertEquals(Confidence.HOCH, run.verdict().confidence());
        assertEquals(0, inference.calls.size(), "no judge call on the fast path");
    }

    @Test
    void oneExpertThatIsNotSureGoesToTheJudge() {
        Fakes.ScriptedInference inference = Fakes.ScriptedInference.answering("Judged answer.\nKONFIDENZ: mittel");
        PipelineRun run = withExperts(ExpertResult.of(Category.GENERAL, "q", "m@local", 1, "A place for ships.\nKONFIDENZ: mittel"));
        merger(inference).merge(run);
        assertEquals(1, inference.calls.size(), "only a hoch answer takes the fast path");
        assertEquals("Judged answer.", run.verdict().answer());
    }

    @Test
    void twoExpertsGoToTheJudgeWithItsCapAndTheClientsLimit() {
        Fakes.ScriptedInference inference = Fakes.ScriptedInference.answering("Merged answer about harbours.\nKONFIDENZ: mittel");
        PipelineRun run = Fakes.run("What is a harbour?", Fakes.user(), 300);
        run.findings().plan(new io.moe.domain.pipeline.Plan(List.of(Subtask.of("q", Category.GENERAL), Subtask.of("q", "technical_support")), false));
        run.findings().experts(List.of(ExpertResult.of(Category.GENERAL, "q", "m@local", 1, "One view.\nKONFIDENZ: hoch"),
                ExpertResult.of("technical_support", "q", "t@local", 1, "Another view.\nKONFIDENZ: mittel")));
        merger(inference).merge(run);
        assertEquals("Merged answer about harbours.", run.verdict().answer());
        assertEquals(1, inference.calls.size());
        assertEquals(300, inference.calls.get(0).maxTokens(), "the client's max_tokens caps the judge (its own cap is 4096)");
        assertTrue(inference.calls.get(0).messages().get(1).text().contains("One view."), "the judge sees the experts");
    }

    @Test
    void aFailedJudgeFallsBackToTheMostConfidentExpert() {
        Fakes.ScriptedInference inference = new Fakes.ScriptedInference(call -> CompletableFuture.failedFuture(
                new InferenceException("judge down", false, null)));
        PipelineRun run = Fakes.planned("q", Subtask.of("q", Category.GENERAL), Subtask.of("q", "technical_support"));
        run.findings().experts(List.of(ExpertResult.of(Category.GENERAL, "q", "m@local", 1, "Unsure view.\nKONFIDENZ: niedrig"),
                ExpertResult.of("technical_support", "q", "t@local", 1, "Sure view.\nKONFIDENZ: hoch")));
        merger(inference).merge(run);
        assertEquals("Sure view.", run.verdict().answer());
        assertEquals(Confidence.HOCH, run.verdict().confidence());
    }

    @Test
    void nothingFromAnySourceIsANoAnswerFailureNotAServerError() {
        PipelineRun run = withExperts();
        assertThrows(NoAnswerException.class, () -> merger(Fakes.ScriptedInference.answering("x")).merge(run));
    }

    @Test
    void aFailedExpertsErrorIsWhatTheClientHearsWhenNothingElseAnswered() {
        PipelineRun run = withExperts(ExpertResult.failure(Category.GENERAL, "q", "m@local", 1, "down"));
        InferenceException cause = new InferenceException("expert server down", false, null);
        run.verdict().recordFailure(cause);
        assertEquals(cause, assertThrows(InferenceException.class, () -> merger(Fakes.ScriptedInference.answering("x")).merge(run)));
    }

    static Completion completion(String text) {
        return new Completion(text, "m@local", io.moe.domain.chat.TokenUsage.NONE);
    }
}
