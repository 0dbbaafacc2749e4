package io.moe.application.pipeline.models;

import io.moe.application.pipeline.Fakes;
import io.moe.application.pipeline.experts.ConversationHistory;
import io.moe.application.pipeline.experts.ExpertStage;
import io.moe.application.pipeline.plan.Planner;
import io.moe.application.pipeline.run.PipelineRun;
import io.moe.domain.chat.ChatMessage;
import io.moe.domain.chat.Completion;
import io.moe.domain.mode.Mode;
import io.moe.domain.template.ExpertTemplate;
import io.moe.domain.template.ModelRef;
import io.moe.application.pipeline.merge.Merger;
import io.moe.application.pipeline.run.RequestCancelledException;
import io.moe.domain.chat.ModelCall;
import io.moe.infrastructure.llm.InferenceClient;
import io.moe.infrastructure.llm.InferenceException;
import jakarta.json.Json;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A template's own settings win over the service's: max_tokens and timeouts per role, the cache switch, history limits. */
class TemplateSettingsRuleTest {

    static final ModelRef MODEL = ModelRef.parse("sim-expert:7b@local");

    private static ExpertTemplate with(String field, jakarta.json.JsonValue value) {
        return Fakes.template(t -> Json.createObjectBuilder(t).add(field, value).build());
    }

    @Test
    void theTemplatesMaxTokensOfARoleIsSentOnItsCalls() {
        ExpertTemplate template = with("max_tokens", Json.createObjectBuilder().add("expert", 77).add("planner", 55).build());
        PipelineRun run = Fakes.run("q", template, Mode.DEFAULT);
        Fakes.ScriptedInference inference = Fakes.ScriptedInference.answering("fine");
        ModelCaller models = Fakes.caller(inference);
        models.call(run, ExpertStage.STAGE, MODEL, "sys", "q");
        models.call(run, Planner.STAGE, MODEL, "sys", "q");
        assertEquals(77, inference.calls.get(0).maxTokens());
        assertEquals(55, inference.calls.get(1).maxTokens());

        PipelineRun plain = Fakes.run("q");
        models.call(plain, ExpertStage.STAGE, MODEL, "sys", "q");
        assertEquals(1024, inference.calls.get(2).maxTokens(), "without a template setting, moe.max-tokens.expert");
    }

    @Test
    void aCallOutlastingTheTemplatesTimeoutOfItsRoleFailsAsTimedOutAndIsBilledItsReservation() {
        ExpertTemplate template = with("timeout_seconds", Json.createObjectBuilder().add("expert", 1).build());
        PipelineRun run = Fakes.run("q", template, Mode.DEFAULT);
        CompletableFuture<Completion> never = new CompletableFuture<>();
        ModelCaller models = Fakes.caller(new Fakes.ScriptedInference(call -> never));
        InferenceException e = assertThrows(InferenceException.class, () -> models.call(run, ExpertStage.STAGE, MODEL, "sys", "q"));
        assertTrue(e.timedOut());
        assertTrue(e.getMessage().contains("expert timeout of 1 s"), e.getMessage());
        assertTrue(never.isCancelled(), "the call in flight is given up");
        assertTrue(run.calls().get(0).cutOff());
    }

    @Test
    void aStreamedCallTheServerLeavesSilentEndsWhenTheTemplatesTimeoutOfItsRoleRunsOut() {
        ExpertTemplate template = with("timeout_seconds", Json.createObjectBuilder().add("judge", 1).build());
        PipelineRun run = Fakes.run("q", template, Mode.DEFAULT);
        ModelCaller models = Fakes.caller(new SilentStream());
        InferenceException e = assertThrows(InferenceException.class,
                () -> models.stream(run, Merger.STAGE, MODEL, "sys", "q", piece -> { }));
        assertTrue(e.timedOut());
        assertTrue(e.getMessage().contains("judge timeout of 1 s"), "not the server's timeout of ten minutes: " + e.getMessage());
        assertTrue(run.calls().get(0).cutOff(), "billed its reservation, as a whole call cut off by the template");
    }

    @Test
    void aStreamedCallTheServerLeavesSilentEndsWhenTheClientGoesAway() {
        PipelineRun run = Fakes.run("q");
        SilentStream server = new SilentStream();
        ModelCaller models = Fakes.caller(server);
        CompletableFuture<Throwable> call = CompletableFuture.supplyAsync(() -> assertThrows(RequestCancelledException.class,
                () -> models.stream(run, Merger.STAGE, MODEL, "sys", "q", piece -> { })));
        server.streaming.orTimeout(60, TimeUnit.SECONDS).join();
        run.cancellation().cancel("the client went away");
        assertInstanceOf(RequestCancelledException.class, call.orTimeout(60, TimeUnit.SECONDS).join());
    }

    /** A server that opens the stream and then sends nothing: the call ends only when its caller stops it. */
    private static final class SilentStream extends InferenceClient {
        final CompletableFuture<Void> streaming = new CompletableFuture<>();

        @Override
        public Completion stream(ModelCall call, Consumer<String> pieces, CompletionStage<?> stop) {
            streaming.complete(null);
            try {
                stop.toCompletableFuture().handle((done, failure) -> done).get(10, TimeUnit.MINUTES);
            } catch (Exception e) {
                throw new IllegalStateException("the stream was never stopped", e);
            }
            throw new InferenceException("the stream was given up by its caller", false, null);
        }
    }


    @Test
    void theTemplatesHistoryLimitsBoundWhatExpertsSeeOfTheConversation() {
        List<ChatMessage> conversation = List.of(ChatMessage.user("first question alpha"), new ChatMessage("assistant", "first answer", List.of()),
                ChatMessage.user("second question beta"), new ChatMessage("assistant", "second answer", List.of()),
                ChatMessage.user("now"));
        String all = ConversationHistory.forExperts(conversation);
        assertTrue(all.contains("alpha") && all.contains("beta"), all);
        String last = ConversationHistory.forExperts(conversation, 1, 3000);
        assertFalse(last.contains("beta"), "only the last turn: " + last);
        assertTrue(last.contains("second answer"), last);
    }
}
