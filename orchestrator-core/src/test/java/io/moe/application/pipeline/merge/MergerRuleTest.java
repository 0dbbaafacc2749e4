package io.moe.application.pipeline.merge;

import io.moe.application.pipeline.Fakes;
import io.moe.application.pipeline.run.NoAnswerException;
import io.moe.application.pipeline.run.PipelineRun;
import io.moe.domain.mode.Mode;

import io.moe.domain.chat.Completion;
import io.moe.domain.chat.TokenUsage;
import io.moe.domain.pipeline.Category;
import io.moe.domain.pipeline.Confidence;
import io.moe.domain.pipeline.ExpertResult;
import io.moe.domain.pipeline.Subtask;
import io.moe.infrastructure.llm.InferenceException;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
        merger(inference).merge(run, true);
        assertEquals("A sheltered place for ships.", run.verdict().answer());
        assertEquals(Confidence.HOCH, run.verdict().confidence());
        assertEquals(0, inference.calls.size(), "no judge call on the fast path");
        assertFalse(run.verdict().cut());
    }

    @Test
    void anExpertStoppedAtItsTokenLimitOnTheFastPathLeavesTheAnswerCut() {
        PipelineRun run = withExperts(ExpertResult.of(Category.GENERAL, "q", "m@local", 1, "KONFIDENZ: hoch\nA sheltered place for", true));
        merger(Fakes.ScriptedInference.answering("unused")).merge(run, true);
        assertEquals("A sheltered place for", run.verdict().answer());
        assertTrue(run.verdict().cut());
    }

    @Test
    void aStreamedFastPathAnswerIsCutWhereItsStreamStopped() {
        String text = "KONFIDENZ: hoch\n" + "A sheltered place for ships. ".repeat(120); // longer than an expert result keeps
        PipelineRun longOne = withExperts(ExpertResult.of(Category.GENERAL, "q", "m@local", 1, text, false));
        longOne.findings().streamedAnswer(text.substring(16, ExpertResult.MAX_CHARS)); // the stream stopped at the same 2,400 characters
        merger(Fakes.ScriptedInference.answering("unused")).merge(longOne, true);
        assertTrue(longOne.verdict().cut(), "the client got the first 2,400 characters of a longer answer");

        String shortText = "KONFIDENZ: hoch\nA sheltered place for ships.";
        PipelineRun whole = withExperts(ExpertResult.of(Category.GENERAL, "q", "m@local", 1, shortText, false));
        whole.findings().streamedAnswer("A sheltered place for ships.");
        merger(Fakes.ScriptedInference.answering("unused")).merge(whole, true);
        assertFalse(whole.verdict().cut());

        PipelineRun stopped = withExperts(ExpertResult.of(Category.GENERAL, "q", "m@local", 1, shortText, true));
        stopped.findings().streamedAnswer("A sheltered place for ships.");
        merger(Fakes.ScriptedInference.answering("unused")).merge(stopped, true);
        assertTrue(stopped.verdict().cut(), "the model stopped at its token limit");
    }

    @Test
    void aJudgeStoppedAtItsTokenLimitLeavesTheAnswerCut() {
        Fakes.ScriptedInference inference = new Fakes.ScriptedInference(call -> CompletableFuture.completedFuture(
                new Completion("Merged answer about har", call.model().toString(), new TokenUsage(10, 5), true)));
        PipelineRun run = withExperts(ExpertResult.of(Category.GENERAL, "q", "m@local", 1, "One view.\nKONFIDENZ: mittel"),
                ExpertResult.of("technical_support", "q", "t@local", 1, "Another view.\nKONFIDENZ: mittel"));
        merger(inference).merge(run, true);
        assertEquals("Merged answer about har", run.verdict().answer());
        assertTrue(run.verdict().cut(), "finish_reason length");
    }

    @Test
    void oneExpertThatIsNotSureGoesToTheJudge() {
        Fakes.ScriptedInference inference = Fakes.ScriptedInference.answering("Judged answer.\nKONFIDENZ: mittel");
        PipelineRun run = withExperts(ExpertResult.of(Category.GENERAL, "q", "m@local", 1, "A place for ships.\nKONFIDENZ: mittel"));
        merger(inference).merge(run, true);
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
        merger(inference).merge(run, true);
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
        merger(inference).merge(run, true);
        assertEquals("Sure view.", run.verdict().answer());
        assertEquals(Confidence.HOCH, run.verdict().confidence());
    }

    @Test
    void aPlanOfResearchOrToolsAloneWhoseSourcesGaveNothingIsAnsweredByTheJudge() {
        Fakes.ScriptedInference inference = Fakes.ScriptedInference.answering("Kubernetes releases come about every four months.\nKONFIDENZ: mittel");
        PipelineRun run = Fakes.planned("What is the latest Kubernetes release?", new Subtask("latest release", Category.RESEARCH,
                "kubernetes latest release", null, null));
        merger(inference).merge(run, false);
        assertEquals("Kubernetes releases come about every four months.", run.verdict().answer());
        assertTrue(inference.calls.get(0).messages().get(1).text().contains("produced nothing"), "the judge is told why it has no sources");
        assertTrue(run.findings().withoutSources(), "a stopgap answer, marked so that it is not kept for the next asker");
    }

    @Test
    void nothingFromAnySourceIsANoAnswerFailureNotAServerError() {
        PipelineRun run = withExperts();
        assertThrows(NoAnswerException.class, () -> merger(Fakes.ScriptedInference.answering("x")).merge(run, true));
    }

    @Test
    void aFailedExpertsErrorIsWhatTheClientHearsWhenNothingElseAnswered() {
        PipelineRun run = withExperts(ExpertResult.failure(Category.GENERAL, "q", "m@local", 1, "down"));
        InferenceException cause = new InferenceException("expert server down", false, null);
        run.verdict().recordFailure(cause);
        assertEquals(cause, assertThrows(InferenceException.class, () -> merger(Fakes.ScriptedInference.answering("x")).merge(run, true)));
    }

    @Test
    void theLastJudgeStreamsItsAnswerInTheModesFormToAClientThatTakesIt() {
        Fakes.ScriptedInference inference = Fakes.ScriptedInference.answering(
                "KONFIDENZ: hoch\nA harbour is a sheltered place for ships. It protects them from waves.");
        List<String> pieces = new ArrayList<>();
        PipelineRun run = streamedRun(pieces);
        merger(inference).merge(run, true);
        assertTrue(inference.system(0).contains("Begin with one line 'KONFIDENZ"), inference.system(0));
        assertTrue(pieces.size() > 2, "the answer went out in pieces: " + pieces);
        assertEquals("KERNAUSSAGE: A harbour is a sheltered place for ships.\nKONFIDENZ: hoch\nDETAILS:\n"
                + "A harbour is a sheltered place for ships. It protects them from waves.", String.join("", pieces));
        assertEquals(String.join("", pieces), run.verdict().rendered());
        assertEquals(Confidence.HOCH, run.verdict().confidence());
    }

    @Test
    void aJudgeThatIsNotTheLastWordOrAClientThatDoesNotStreamGetsTheWholeAnswer() {
        List<String> pieces = new ArrayList<>();
        PipelineRun run = streamedRun(pieces);
        merger(Fakes.ScriptedInference.answering("Judged answer about harbours.\nKONFIDENZ: mittel")).merge(run, false);
        assertTrue(pieces.isEmpty(), "a critic or another round may still change it");
        assertEquals(null, run.verdict().rendered());
        assertEquals("Judged answer about harbours.", run.verdict().answer());
    }

    @Test
    void aStreamedJudgeThatBreaksOffFailsTheRequestOnceTextWentOutAndFallsBackBefore() {
        String answer = "A harbour is a sheltered place for ships. It protects them from waves and storms.";
        for (int brokenAt : new int[]{Fakes.ScriptedInference.PIECE, answer.length()}) {
            List<io.moe.domain.chat.ModelCall> calls = new ArrayList<>();
            io.moe.infrastructure.llm.InferenceClient breaking = new io.moe.infrastructure.llm.InferenceClient() {
                @Override
                public Completion stream(io.moe.domain.chat.ModelCall call, java.util.function.Consumer<String> pieces,
                                         java.util.concurrent.CompletionStage<?> stop) {
                    calls.add(call);
                    pieces.accept(answer.substring(0, brokenAt));
                    throw new InferenceException("stream broke off", false, null);
                }
            };
            Merger merger = new Merger();
            merger.models = Fakes.caller(breaking);
            List<String> pieces = new ArrayList<>();
            PipelineRun run = streamedRun(pieces);
            if (brokenAt == Fakes.ScriptedInference.PIECE) {
                merger.merge(run, true);
                assertTrue(pieces.isEmpty(), "nothing went out before the first sentence: " + pieces);
                assertEquals("Sure view.", run.verdict().answer(), "the most confident expert, as for a judge that failed at once");
                assertEquals(1, calls.size(), "no second call once the stream had begun");
            } else {
                assertThrows(InferenceException.class, () -> merger.merge(run, true));
                assertTrue(String.join("", pieces).startsWith("KERNAUSSAGE: A harbour"), pieces.toString());
            }
        }
    }

    private static PipelineRun streamedRun(List<String> pieces) {
        PipelineRun run = Fakes.streamed("What is a harbour?", Mode.DEFAULT, pieces);
        run.findings().plan(new io.moe.domain.pipeline.Plan(List.of(Subtask.of("q", Category.GENERAL), Subtask.of("q", "technical_support")), false));
        run.findings().experts(List.of(ExpertResult.of(Category.GENERAL, "q", "m@local", 1, "Unsure view.\nKONFIDENZ: niedrig"),
                ExpertResult.of("technical_support", "q", "t@local", 1, "Sure view.\nKONFIDENZ: hoch")));
        return run;
    }

    static Completion completion(String text) {
        return new Completion(text, "m@local", io.moe.domain.chat.TokenUsage.NONE);
    }
}
