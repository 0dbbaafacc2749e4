package io.moe.application.pipeline.models;

import io.moe.application.pipeline.Fakes;
import io.moe.application.pipeline.experts.ExpertStage;
import io.moe.application.pipeline.merge.Merger;
import io.moe.application.pipeline.run.PipelineRun;
import io.moe.application.pipeline.run.RequestCancelledException;

import io.moe.domain.chat.Completion;
import io.moe.domain.chat.TokenUsage;
import io.moe.domain.template.ModelRef;
import io.moe.infrastructure.llm.InferenceException;
import org.eclipse.microprofile.faulttolerance.exceptions.BulkheadException;
import org.eclipse.microprofile.faulttolerance.exceptions.TimeoutException;
import io.moe.infrastructure.llm.ServerSlots;
import org.junit.jupiter.api.Test;

import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What each model call is billed: reported tokens, its reservation when cut off, nothing when refused. */
class BillingRuleTest {

    static final ModelRef MODEL = ModelRef.parse("sim-expert:7b@local");

    @Test
    void anAnsweredCallIsBilledWhatTheServerReported() {
        PipelineRun run = Fakes.run("q");
        Fakes.caller(Fakes.ScriptedInference.answering("fine")).call(run, ExpertStage.STAGE, MODEL, "sys", "q");
        assertEquals(new TokenUsage(10, 5), run.usage());
    }

    @Test
    void aCallWithoutReportedUsageIsEstimatedFromItsCharacters() {
        PipelineRun run = Fakes.run("q");
        Fakes.caller(new Fakes.ScriptedInference(call -> CompletableFuture.completedFuture(
                new Completion("x".repeat(400), MODEL.toString(), TokenUsage.NONE)))).call(run, ExpertStage.STAGE, MODEL, "s".repeat(40), "q");
        assertEquals(100, run.usage().completionTokens());
        assertTrue(run.usage().promptTokens() >= 10);
    }

    @Test
    void aTimedOutCallIsBilledItsPromptEstimateAndItsMaxTokens() {
        PipelineRun run = Fakes.run("q");
        ModelCaller models = Fakes.caller(new Fakes.ScriptedInference(call -> CompletableFuture.failedFuture(new TimeoutException("slow"))));
        InferenceException e = assertThrows(InferenceException.class, () -> models.call(run, ExpertStage.STAGE, MODEL, "sys", "q"));
        assertTrue(e.timedOut(), "a fault-tolerance timeout reaches the stages as a timed-out inference failure");
        assertEquals(1024, run.usage().completionTokens(), "the expert cap is its reservation");
        assertTrue(run.calls().get(0).cutOff());
    }

    @Test
    void aRefusedCallCostsNothing() {
        PipelineRun run = Fakes.run("q");
        ModelCaller models = Fakes.caller(new Fakes.ScriptedInference(call -> CompletableFuture.failedFuture(new BulkheadException("full"))));
        InferenceException e = assertThrows(InferenceException.class, () -> models.call(run, ExpertStage.STAGE, MODEL, "sys", "q"));
        assertFalse(e.timedOut());
        assertEquals(0, run.usage().totalTokens());
    }

    @Test
    void aCallThatNeverGotASlotOfItsServerCostsNothing() {
        PipelineRun run = Fakes.run("q");
        ModelCaller models = Fakes.caller(new Fakes.ScriptedInference(call -> CompletableFuture.failedFuture(
                new ServerSlots.SlotWaitTimeout("every slot of server 'local' stayed busy for 120 s"))));
        InferenceException e = assertThrows(InferenceException.class, () -> models.call(run, ExpertStage.STAGE, MODEL, "sys", "q"));
        assertTrue(e.timedOut(), "a 504, not asked again");
        assertEquals(0, run.usage().totalTokens(), "no request reached the server");

        PipelineRun cancelled = Fakes.run("q");
        CompletableFuture<Completion> queued = new CompletableFuture<>();
        Fakes.ScriptedInference waiting = new Fakes.ScriptedInference(call -> queued);
        waiting.reachedTheServer = false;
        CompletableFuture<Void> running = CompletableFuture.runAsync(() -> Fakes.caller(waiting).call(cancelled, Merger.STAGE, MODEL, "sys", "q"));
        java.time.Instant deadline = java.time.Instant.now().plusSeconds(10);
        while (waiting.calls.isEmpty() && java.time.Instant.now().isBefore(deadline)) {
            Thread.onSpinWait();
        }
        cancelled.cancellation().cancel("the client went away");
        assertThrows(java.util.concurrent.CompletionException.class, running::join);
        assertEquals(0, cancelled.usage().totalTokens(), "given up while it waited for a slot: it reached no server");
    }

    @Test
    void aCancelledRequestStopsBeforeItsNextCallAndBillsTheCallInFlight() {
        PipelineRun run = Fakes.run("q");
        CompletableFuture<Completion> never = new CompletableFuture<>();
        Fakes.ScriptedInference inference = new Fakes.ScriptedInference(call -> never);
        ModelCaller models = Fakes.caller(inference);
        CompletableFuture<Void> waiting = CompletableFuture.runAsync(() -> models.call(run, Merger.STAGE, MODEL, "sys", "q"));
        java.time.Instant deadline = java.time.Instant.now().plusSeconds(10);
        while (inference.calls.isEmpty() && java.time.Instant.now().isBefore(deadline)) {
            Thread.onSpinWait(); // until the call is in flight
        }
        assertFalse(inference.calls.isEmpty(), "the judge's call reached the model within 10 s");
        run.cancellation().cancel("the client went away");
        Throwable failure = assertThrows(java.util.concurrent.CompletionException.class, waiting::join).getCause();
        assertTrue(failure instanceof RequestCancelledException, String.valueOf(failure));
        assertTrue(never.isCancelled(), "the call in flight was cancelled");
        assertEquals(4096, run.usage().completionTokens(), "billed at the judge's reservation");
        assertThrows(RequestCancelledException.class, () -> models.call(run, Merger.STAGE, MODEL, "sys", "q"),
                "no further call starts");
    }
}
