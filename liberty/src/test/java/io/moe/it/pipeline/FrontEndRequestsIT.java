package io.moe.it.pipeline;

import io.moe.it.Http;
import io.moe.it.chat.ChatCompletionsIT;
import io.moe.it.identity.Admin;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;

import static io.moe.it.pipeline.Pipeline.ask;
import static io.moe.it.pipeline.Pipeline.calls;
import static io.moe.it.pipeline.Pipeline.content;
import static io.moe.it.pipeline.Pipeline.marker;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Rule 12 (internal requests of chat front-ends) and rule 13 (skills). */
class FrontEndRequestsIT {

    @Test
    void aTitleRequestIsAnsweredWithOneSmallModelCall() {
        String m = marker();
        JsonObject answer = ask("moe-orchestrator", "### Task:\nGenerate a concise, 3-5 word title with an emoji summarizing the chat history.\n"
                + "### Chat History:\nUSER: tell me about " + m);
        assertEquals(1, calls(m).size(), "no planner, experts or judge: " + calls(m));
        assertEquals("internal", calls(m).get(0).getString("role"));
        assertTrue(content(answer).startsWith("Simulated"), "returned as the model wrote it: " + content(answer));
    }

    @Test
    void openWebUisEmojiRequestIsAnsweredWithOneSmallModelCall() {
        // Open WebUI's DEFAULT_EMOJI_GENERATION_PROMPT_TEMPLATE: no "### Task:" header.
        String m = marker();
        JsonObject answer = ask("moe-orchestrator", "Your task is to reflect the speaker's likely facial expression "
                + "through a fitting emoji. Interpret emotions from the message and reflect their facial expression "
                + "using fitting, diverse emojis (e.g., 😊, 😢, 😡, 😱).\n\nMessage: ```I am so happy about " + m + "```");
        assertOneInternalCall(m);
        JsonObject trace = Pipeline.trace(answer.getString("id"));
        assertEquals("internal", trace.getString("path"), trace.toString());
        assertFalse(trace.containsKey("cache"), "neither looked up in nor written to the cache: " + trace);
    }

    @Test
    void openWebUisImagePromptRequestIsAnsweredWithOneSmallModelCall() {
        // Open WebUI's DEFAULT_IMAGE_PROMPT_GENERATION_PROMPT_TEMPLATE.
        String m = marker();
        JsonObject answer = ask("moe-orchestrator", "### Task:\nGenerate a detailed prompt for am image generation task "
                + "based on the given language and context.\n\n### Output:\nStrictly return in JSON format:\n"
                + "{ \"prompt\": \"Your detailed description here.\" }\n\n### Chat History:\n<chat_history>\n"
                + "USER: draw a lighthouse at " + m + "\n</chat_history>");
        assertOneInternalCall(m);
        assertEquals("internal", Pipeline.trace(answer.getString("id")).getString("path"));
    }

    @Test
    void libreChatsSummaryRequestIsAnsweredWithOneSmallModelCall() {
        String m = marker();
        ask("moe-orchestrator", "Summarize the conversation by integrating new lines into the current summary.\n\n"
                + "Current summary:\nThe human asks about " + m + ".\n\nNew lines:\nHuman: Why?\nAI: Because.\n\n"
                + "New summary:");
        assertOneInternalCall(m);
    }

    @Test
    void aTaskThatAsksForJsonModeIsAnsweredThoughThePipelineRefusesIt() {
        // a front-end may ask JSON mode of its housekeeping task; the pipeline itself refuses it (ChatErrorsIT)
        String m = marker();
        String tags = "### Task:\nGenerate 1-3 broad tags categorizing the main themes of the chat history.\n"
                + "### Output:\nJSON format: { \"tags\": [\"tag1\", \"tag2\"] }\n### Chat History:\nUSER: " + m;
        HttpResponse<String> answered = ChatCompletionsIT.chat(Json.createObjectBuilder()
                .add("model", "moe-orchestrator").add("response_format", Json.createObjectBuilder().add("type", "json_object"))
                .add("messages", Json.createArrayBuilder().add(Json.createObjectBuilder()
                        .add("role", "user").add("content", tags))).build().toString());
        assertEquals(200, answered.statusCode(), answered.body());
        assertOneInternalCall(m);
    }

    private static void assertOneInternalCall(String m) {
        assertEquals(1, calls(m).size(), "no planner, experts or judge: " + calls(m));
        assertEquals("internal", calls(m).get(0).getString("role"));
    }

    @Test
    void aSkillIsExpandedBeforeThePipeline() {
        String m = marker();
        ask("moe-orchestrator", "/shout hello " + m);
        String expert = calls(m, "expert").get(0).getString("user");
        assertTrue(expert.contains("SKILL-FRAME-START hello " + m + " SKILL-FRAME-END"), expert);
    }

    @Test
    void aSkillWithoutTheArgumentsTokenIgnoresArguments() {
        String m = marker();
        JsonObject answer = ask("moe-orchestrator", "/fixed " + m);
        assertEquals("fixed", Pipeline.trace(answer.getString("id")).getString("skill"));
        assertTrue(calls(m).isEmpty(), "the arguments went nowhere");
    }

    @Test
    void aDisabledSkillOrAnUnknownNameLeavesTheMessageAsItIs() {
        String m = marker();
        ask("moe-orchestrator", "/sleeping " + m);
        assertTrue(calls(m, "expert").get(0).getString("user").startsWith("/sleeping " + m));
    }

    @Test
    void aUserNeedsASkillPermission() {
        String user = Admin.newUser();
        Admin.grant(user, "moe_mode", "moe_orchestrated");
        String key = Admin.newKey(user)[1];
        HttpResponse<String> refused = Pipeline.post("moe-orchestrator", "/shout hi " + marker(), key);
        assertEquals(403, refused.statusCode(), refused.body());
        assertEquals("permission_denied", Http.object(refused).getJsonObject("error").getString("code"));

        Admin.grant(user, "skill", "shout");
        assertEquals(200, Pipeline.post("moe-orchestrator", "/shout hi " + marker(), key).statusCode());
    }
}
