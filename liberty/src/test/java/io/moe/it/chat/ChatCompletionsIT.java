package io.moe.it.chat;

import io.moe.it.Http;
import io.moe.it.ItConfig;
import io.moe.it.Simulator;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.net.http.HttpResponse;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** POST /v1/chat/completions without streaming: response shape, usage, and the answer's origin. */
public class ChatCompletionsIT {

    public static final String URL = ItConfig.orchestratorUrl() + "/v1/chat/completions";

    public static HttpResponse<String> chat(String body) {
        return Http.post(URL, body, "Authorization", Http.bearer(ItConfig.apiKey()));
    }

    public static String request(String model, String text) {
        return Json.createObjectBuilder().add("model", model)
                .add("messages", Json.createArrayBuilder().add(Json.createObjectBuilder().add("role", "user").add("content", text)))
                .build().toString();
    }

    @ParameterizedTest
    @ValueSource(strings = {"moe-orchestrator", "moe-orchestrator-code", "moe-orchestrator-concise", "moe-orchestrator-agent",
            "moe-orchestrator-agent-orchestrated", "moe-orchestrator-research", "moe-orchestrator-report", "moe-orchestrator-plan"})
    void everyModeAnswersWithTheSpecShape(String model) {
        String marker = io.moe.it.Phrases.marker("shape");
        HttpResponse<String> response = chat(request(model, "Explain what " + marker + " means."));

        assertEquals(200, response.statusCode(), response.body());
        JsonObject body = Http.object(response);
        assertTrue(body.getString("id").matches("chatcmpl-[0-9a-f-]{36}"), body.getString("id"));
        assertEquals("chat.completion", body.getString("object"));
        assertEquals(model, body.getString("model"));
        long created = body.getJsonNumber("created").longValue();
        assertTrue(Math.abs(created - System.currentTimeMillis() / 1000) < 300, "created is Unix seconds: " + created);
        JsonObject choice = body.getJsonArray("choices").getJsonObject(0);
        assertEquals(0, choice.getInt("index"));
        assertEquals("assistant", choice.getJsonObject("message").getString("role"));
        assertTrue(choice.getJsonObject("message").getString("content").contains(marker), "the answer comes from the expert");
        assertEquals("stop", choice.getString("finish_reason"));
        JsonObject usage = body.getJsonObject("usage");
        assertEquals(usage.getInt("prompt_tokens") + usage.getInt("completion_tokens"), usage.getInt("total_tokens"));
        assertTrue(usage.getInt("prompt_tokens") > 0 && usage.getInt("completion_tokens") > 0, usage.toString());
    }

    @Test
    void anAnswerCutAtTheClientsMaxTokensFinishesWithLength() {
        String marker = io.moe.it.Phrases.marker("cut");
        JsonObject request = (JsonObject) Http.json(request("moe-orchestrator", "Explain in detail what " + marker + " means."));
        HttpResponse<String> response = chat(Json.createObjectBuilder(request).add("max_tokens", 6).build().toString());

        assertEquals(200, response.statusCode(), response.body());
        JsonObject choice = Http.object(response).getJsonArray("choices").getJsonObject(0);
        assertEquals("length", choice.getString("finish_reason"), "the model stopped at max_tokens: " + choice);
        assertTrue(Simulator.callsContaining(marker).getValuesAs(JsonObject.class).stream()
                .filter(c -> !c.getString("role").equals("planner")).allMatch(c -> c.getInt("max_tokens") == 6),
                "the calls that write the answer have the client's limit");
    }

    @Test
    void usageIsWhatTheInferenceServerReported() {
        String marker = io.moe.it.Phrases.marker("usage");
        JsonObject usage = Http.object(chat(request("moe-orchestrator", "Count " + marker))).getJsonObject("usage");

        var calls = Simulator.callsContaining(marker).getValuesAs(JsonObject.class);
        assertEquals(List.of("planner", "expert"), calls.stream().map(c -> c.getString("role")).toList(),
                "a plain question is planned and answered by one confident expert (fast path, no judge)");
        assertEquals(calls.stream().mapToInt(c -> c.getInt("prompt_tokens")).sum(), usage.getInt("prompt_tokens"),
                "usage sums the usage blocks of every model call");
        assertEquals(calls.stream().mapToInt(c -> c.getInt("completion_tokens")).sum(), usage.getInt("completion_tokens"));

    }

    @Test
    void theScriptedExpertAnswerIsReturnedVerbatim() {
        String marker = io.moe.it.Phrases.marker("scripted");
        String rule = Simulator.addRule(Json.createObjectBuilder()
                .add("match", Json.createObjectBuilder().add("contains", marker).add("role", "expert"))
                .add("action", Json.createObjectBuilder().add("content", "Exactly this answer.").add("confidence", "hoch"))
                .build());
        try {
            JsonObject body = Http.object(chat(request("moe-orchestrator-agent", "Question " + marker)));
            assertEquals("Exactly this answer.", body.getJsonArray("choices").getJsonObject(0)
                    .getJsonObject("message").getString("content"));
        } finally {
            Simulator.removeRule(rule);
        }
    }

    @Test
    void imagePartsReachTheModel() {
        String marker = io.moe.it.Phrases.marker("vision");
        String body = Json.createObjectBuilder().add("model", "moe-orchestrator")
                .add("messages", Json.createArrayBuilder().add(Json.createObjectBuilder().add("role", "user")
                        .add("content", Json.createArrayBuilder()
                                .add(Json.createObjectBuilder().add("type", "text").add("text", "What is in " + marker))
                                .add(Json.createObjectBuilder().add("type", "image_url").add("image_url",
                                        Json.createObjectBuilder().add("url", "data:image/png;base64,iVBORw0KGgo="))))))
                .build().toString();

        assertEquals(200, chat(body).statusCode());
        JsonObject vision = Simulator.callsContaining(marker).getValuesAs(JsonObject.class).stream()
                .filter(c -> "vision".equals(c.getString("category"))).findFirst().orElseThrow();
        assertTrue(vision.getBoolean("has_images"), "the vision expert receives the images");
    }

    @Test
    void systemMessagesOfTheClientReachTheExpertsAsInstructionsWithoutReplacingTheirPrompt() {
        String marker = io.moe.it.Phrases.marker("system");
        String body = Json.createObjectBuilder().add("model", "moe-orchestrator")
                .add("messages", Json.createArrayBuilder()
                        .add(Json.createObjectBuilder().add("role", "system").add("content", "You are a pirate."))
                        .add(Json.createObjectBuilder().add("role", "user").add("content", "Hello " + marker)))
                .build().toString();

        assertEquals(200, chat(body).statusCode());
        JsonObject call = Simulator.callsContaining(marker).getValuesAs(JsonObject.class).stream()
                .filter(c -> "expert".equals(c.getString("role"))).findFirst().orElseThrow();
        assertFalse(call.getString("system").contains("pirate"), "the template's expert prompt keeps its place");
        assertTrue(call.getString("user").contains("Instructions of the client (follow them in the answer where they apply):\nYou are a pirate."),
                "an app's system prompt is followed, not dropped: " + call.getString("user"));
    }
}
