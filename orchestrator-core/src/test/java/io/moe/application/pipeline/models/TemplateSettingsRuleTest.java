package io.moe.application.pipeline.models;

import io.moe.application.pipeline.Fakes;
import io.moe.application.pipeline.cache.SelfContained;
import io.moe.application.pipeline.experts.ConversationHistory;
import io.moe.application.pipeline.experts.ExpertStage;
import io.moe.application.pipeline.plan.Planner;
import io.moe.application.pipeline.run.PipelineRun;
import io.moe.domain.chat.ChatMessage;
import io.moe.domain.chat.Completion;
import io.moe.domain.mode.Mode;
import io.moe.domain.template.ExpertTemplate;
import io.moe.domain.template.ModelRef;
import io.moe.infrastructure.llm.InferenceException;
import jakarta.json.Json;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
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
    void aTemplateWithoutTheCacheBypassesIt() {
        assertNull(SelfContained.dependency(Fakes.run("What is 2+2?")));
        String reason = SelfContained.dependency(Fakes.run("What is 2+2?", with("enable_cache", jakarta.json.JsonValue.FALSE), Mode.DEFAULT));
        assertNotNull(reason);
        assertTrue(reason.contains("enable_cache"), reason);
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
