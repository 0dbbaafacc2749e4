package io.moe.application.pipeline.models;

import io.moe.application.pipeline.Fakes;
import io.moe.application.pipeline.experts.ExpertStage;
import io.moe.application.pipeline.run.PipelineRun;
import io.moe.application.servers.CallRetries;
import io.moe.domain.chat.Completion;
import io.moe.domain.chat.ModelCall;
import io.moe.domain.chat.TokenUsage;
import io.moe.domain.mode.Mode;
import io.moe.domain.template.ExpertTemplate;
import io.moe.domain.template.ModelRef;
import io.moe.infrastructure.llm.InferenceException;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Failed model calls: retried on the same server where safe and cheap, failed over to another server of the same model, in the trace. */
class RetryRuleTest {

    static final ModelRef MODEL = ModelRef.parse("sim-expert:7b@local");
    static final ModelRef ELSEWHERE = ModelRef.parse("sim-expert:7b@backup");

    /** Answers each call with the next of {@code outcomes} (an exception fails it), recording the servers asked. */
    private static final class Outcomes implements Function<ModelCall, CompletionStage<Completion>> {
        final List<String> asked = new ArrayList<>();
        private final List<Object> outcomes;

        Outcomes(Object... outcomes) {
            this.outcomes = new ArrayList<>(List.of(outcomes));
        }

        @Override
        public CompletionStage<Completion> apply(ModelCall call) {
            asked.add(call.model().toString());
            Object next = outcomes.isEmpty() ? "fine" : outcomes.remove(0);
            return next instanceof RuntimeException e ? CompletableFuture.failedFuture(e)
                    : CompletableFuture.completedFuture(new Completion((String) next, call.model().toString(), new TokenUsage(10, 5)));
        }
    }

    private static InferenceException status(int status) {
        return new InferenceException("HTTP " + status, false, null, status, status == 429 ? 0 : -1);
    }

    private static JsonArray attempts(PipelineRun run) {
        JsonObject trace = run.trace().toJson(run.calls());
        return trace.containsKey("attempts") ? trace.getJsonArray("attempts") : JsonArray.EMPTY_JSON_ARRAY;
    }

    @Test
    void aBusyOrBrokenServerIsAskedOnceMoreAndTheTraceSaysSo() {
        for (int status : new int[]{429, 500, 502, 503, 0}) {
            PipelineRun run = Fakes.run("q");
            Outcomes outcomes = new Outcomes(status(status), "fine");
            Completion done = Fakes.caller(new Fakes.ScriptedInference(outcomes)).call(run, ExpertStage.STAGE, MODEL, "sys", "q");
            assertEquals("fine", done.content());
            assertEquals(List.of(MODEL.toString(), MODEL.toString()), outcomes.asked, "status " + status);
            assertEquals("retried", attempts(run).getJsonObject(0).getString("next"));
            assertEquals(status == 0 ? "no_answer" : "http_" + status, attempts(run).getJsonObject(0).getString("reason"));
            assertEquals(new TokenUsage(10, 5), run.usage(), "the failed attempt costs nothing");
        }
    }

    @Test
    void aRefusedCallOrATimeoutIsNotRepeated() {
        for (RuntimeException failure : List.of(status(400), new InferenceException("slow", true, null, 0))) {
            PipelineRun run = Fakes.run("q");
            Outcomes outcomes = new Outcomes(failure);
            assertThrows(InferenceException.class, () -> Fakes.caller(new Fakes.ScriptedInference(outcomes))
                    .call(run, ExpertStage.STAGE, MODEL, "sys", "q"));
            assertEquals(1, outcomes.asked.size());
            assertEquals("gave_up", attempts(run).getJsonObject(0).getString("next"));
        }
    }

    @Test
    void aServerThatFailsTwiceOrDoesNotKnowTheModelIsLeftForAnotherServerOfTheSameModel() {
        ExpertTemplate template = ExpertTemplate.parse("{\"name\":\"two-servers\",\"planner_model\":\"sim-planner:7b@local\","
                + "\"judge_model\":\"sim-judge:7b@local\",\"experts\":{\"general\":{\"system_prompt\":\"Be brief.\",\"models\":["
                + "{\"model\":\"sim-expert:7b\",\"endpoint\":\"local\",\"role\":\"primary\"},"
                + "{\"model\":\"sim-expert:7b\",\"endpoint\":\"backup\",\"role\":\"fallback\"}]}}}");
        PipelineRun run = Fakes.run("q", template, Mode.DEFAULT);
        Outcomes twice = new Outcomes(status(503), status(503), "from backup");
        assertEquals("from backup", Fakes.caller(new Fakes.ScriptedInference(twice)).call(run, ExpertStage.STAGE, MODEL, "sys", "q").content());
        assertEquals(List.of(MODEL.toString(), MODEL.toString(), ELSEWHERE.toString()), twice.asked);
        assertEquals("failed_over to " + ELSEWHERE, attempts(run).getJsonObject(1).getString("next"));

        PipelineRun unknown = Fakes.run("q", template, Mode.DEFAULT);
        Outcomes notThere = new Outcomes(status(404), "from backup");
        Fakes.caller(new Fakes.ScriptedInference(notThere)).call(unknown, ExpertStage.STAGE, MODEL, "sys", "q");
        assertEquals(List.of(MODEL.toString(), ELSEWHERE.toString()), notThere.asked, "a 404 is not asked again on the same server");
    }

    @Test
    void retryAfterIsHonouredOnlyWhenItIsShort() {
        assertEquals(CallRetries.Step.RETRY_SAME_SERVER,
                CallRetries.after(new InferenceException("busy", false, null, 429, 1), 1));
        assertEquals(CallRetries.Step.FAIL_OVER,
                CallRetries.after(new InferenceException("busy", false, null, 429, 60), 1), "a minute is too long to wait");
        assertEquals(java.time.Duration.ofSeconds(1), CallRetries.pauseBefore(new InferenceException("busy", false, null, 429, 1)));
    }
}
