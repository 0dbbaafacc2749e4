package io.moe.interfaces.messages;

import io.moe.application.limits.ConfigDefaults;
import io.moe.application.limits.RequestLimits;
import io.moe.interfaces.openai.ApiError;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.io.StringReader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Messages ⇄ OpenAI chat format, both ways, without a server. */
class MessagesTranslationTest {

    static final RequestLimits LIMITS = ConfigDefaults.of(RequestLimits.class);
    static final MessagesToOpenAi.Settings SETTINGS = new MessagesToOpenAi.Settings("coder:7b", "PREFIX", "auto", 100, true);

    static JsonObject json(String text) {
        return Json.createReader(new StringReader(text.replace('\'', '"'))).readObject();
    }

    static JsonObject translate(String request) {
        return MessagesToOpenAi.translate(MessagesRequest.of(json(request), LIMITS), SETTINGS, LIMITS);
    }

    @Test
    void systemBlocksFollowTheProfilePrefixAndSamplingIsCarriedOver() {
        JsonObject out = translate("{'model':'m','max_tokens':500,'system':[{'type':'text','text':'Be brief.','cache_control':{'type':'ephemeral'}}],"
                + "'temperature':0.3,'top_p':0.9,'top_k':5,'stop_sequences':['END'],'metadata':{'user_id':'u1'},"
                + "'messages':[{'role':'user','content':'hi'}]}");
        JsonArray messages = out.getJsonArray("messages");
        assertEquals("system", messages.getJsonObject(0).getString("role"));
        assertEquals("PREFIX\n\nBe brief.", messages.getJsonObject(0).getString("content"));
        assertEquals("coder:7b", out.getString("model"));
        assertEquals(500, out.getInt("max_tokens"), "no tools: the request's max_tokens");
        assertEquals("END", out.getJsonArray("stop").getString(0));
        assertEquals(5, out.getInt("top_k"));
        assertEquals("u1", out.getString("user"));
    }

    @Test
    void toolUseAndToolResultBecomeToolCallsAndToolMessages() {
        JsonObject out = translate("{'model':'m','max_tokens':500,'tool_choice':{'type':'any'},"
                + "'tools':[{'name':'lookup','description':'d','input_schema':{'type':'object'}},{'type':'web_search_20250305','name':'web_search'}],"
                + "'messages':[{'role':'user','content':'q'},"
                + "{'role':'assistant','content':[{'type':'thinking','thinking':'t','signature':'s'},{'type':'text','text':'Let me look.'},"
                + "{'type':'tool_use','id':'toolu_1','name':'lookup','input':{'query':'q'}}]},"
                + "{'role':'user','content':[{'type':'tool_result','tool_use_id':'toolu_1','content':[{'type':'text','text':'42'}]},{'type':'text','text':'and?'}]}]}");
        JsonArray messages = out.getJsonArray("messages");
        JsonObject assistant = messages.getJsonObject(2);
        assertEquals("Let me look.", assistant.getString("content"), "thinking blocks are dropped");
        JsonObject call = assistant.getJsonArray("tool_calls").getJsonObject(0);
        assertEquals("toolu_1", call.getString("id"));
        assertEquals("lookup", call.getJsonObject("function").getString("name"));
        assertEquals("{\"query\":\"q\"}", call.getJsonObject("function").getString("arguments"));
        assertEquals("tool", messages.getJsonObject(3).getString("role"));
        assertEquals("toolu_1", messages.getJsonObject(3).getString("tool_call_id"));
        assertEquals("42", messages.getJsonObject(3).getString("content"));
        assertEquals("user", messages.getJsonObject(4).getString("role"), "the rest of the turn follows the tool result");
        assertEquals(1, out.getJsonArray("tools").size(), "a vendor server tool is not offered to the model");
        assertEquals("required", out.getString("tool_choice"));
        assertEquals(100, out.getInt("max_tokens"), "tool turns are capped by tool_max_tokens");
    }

    @Test
    void toolChoiceToolAndNoneAndAnImage() {
        JsonObject named = translate("{'model':'m','max_tokens':5,'tools':[{'name':'f','input_schema':{}}],'tool_choice':{'type':'tool','name':'f'},"
                + "'messages':[{'role':'user','content':[{'type':'image','source':{'type':'base64','media_type':'image/png','data':'AAAA'}},{'type':'text','text':'x'}]}]}");
        assertEquals("f", named.getJsonObject("tool_choice").getJsonObject("function").getString("name"));
        JsonObject image = named.getJsonArray("messages").getJsonObject(1).getJsonArray("content").getJsonObject(0);
        assertEquals("data:image/png;base64,AAAA", image.getJsonObject("image_url").getString("url"));
        JsonObject none = translate("{'model':'m','max_tokens':5,'tools':[{'name':'f','input_schema':{}}],'tool_choice':{'type':'none'},"
                + "'messages':[{'role':'user','content':'x'}]}");
        assertEquals("none", none.getString("tool_choice"));
    }

    @Test
    void badInputIsRefusedNamingTheField() {
        String[][] cases = {
                {"{'max_tokens':5,'messages':[{'role':'user','content':'x'}]}", "model"},
                {"{'model':'m','messages':[{'role':'user','content':'x'}]}", "max_tokens"},
                {"{'model':'m','max_tokens':5,'messages':[]}", "messages"},
                {"{'model':'m','max_tokens':5,'messages':[{'role':'system','content':'x'}]}", "messages[0].role"},
                {"{'model':'m','max_tokens':5,'messages':[{'role':'user','content':[{'type':'image','source':{'type':'base64','media_type':'image/tiff','data':'A'}}]}]}",
                        "messages[0].content[0].source.media_type"},
                {"{'model':'m','max_tokens':5,'temperature':3,'messages':[{'role':'user','content':'x'}]}", "temperature"},
                {"{'model':'m','max_tokens':5,'thinking':{'type':'enabled'},'messages':[{'role':'user','content':'x'}]}", "thinking.budget_tokens"},
                {"{'model':'m','max_tokens':5,'tools':[{'name':'f','input_schema':{}}],'tool_choice':{'type':'maybe'},'messages':[{'role':'user','content':'x'}]}", "tool_choice.type"},
        };
        for (String[] c : cases) {
            ApiError e = assertThrows(ApiError.class, () -> translate(c[0]), c[0]);
            assertTrue(e.getMessage().startsWith(c[1]), c[1] + " <- " + e.getMessage());
        }
    }

    @Test
    void whatACodingClientSendsForItsVendorModelIsAccepted() {
        // Claude Code asks for its model's ceiling (64,000 or 128,000 tokens) and thinks "adaptively" on the newest models
        MessagesRequest request = MessagesRequest.of(json("{'model':'claude-opus-4-6','max_tokens':128000,'thinking':{'type':'adaptive'},"
                + "'messages':[{'role':'user','content':'x'}]}"), LIMITS);
        assertEquals(LIMITS.maxOutputTokens, request.maxTokens(), "lowered to moe.limits.max-output-tokens, not refused");
        assertTrue(request.thinking());
        MessagesRequest budget = MessagesRequest.of(json("{'model':'m','max_tokens':64000,'thinking':{'type':'enabled','budget_tokens':50000},"
                + "'messages':[{'role':'user','content':'x'}]}"), LIMITS);
        assertEquals(LIMITS.maxOutputTokens, budget.thinkingBudget());
        ApiError zero = assertThrows(ApiError.class, () -> MessagesRequest.of(json("{'model':'m','max_tokens':0,'messages':[]}"), LIMITS));
        assertTrue(zero.getMessage().startsWith("max_tokens"), zero.getMessage());
    }

    @Test
    void aToolResultsImagesFollowInTheUserMessageAndTextDocumentsAreText() {
        JsonObject out = translate("{'model':'m','max_tokens':5,'messages':[{'role':'user','content':'look at the screenshot'},"
                + "{'role':'assistant','content':[{'type':'tool_use','id':'toolu_7','name':'Read','input':{'file_path':'/s.png'}}]},"
                + "{'role':'user','content':[{'type':'tool_result','tool_use_id':'toolu_7','content':[{'type':'text','text':'the file'},"
                + "{'type':'image','source':{'type':'base64','media_type':'image/png','data':'AAAA'}}]},"
                + "{'type':'document','title':'Notes','source':{'type':'text','media_type':'text/plain','data':'line one'}}]}]}");
        JsonArray messages = out.getJsonArray("messages");
        JsonObject tool = messages.getJsonObject(3);
        assertEquals("tool", tool.getString("role"));
        assertTrue(tool.getString("content").startsWith("the file\n[1 image(s)"), tool.getString("content"));
        JsonArray parts = messages.getJsonObject(4).getJsonArray("content");
        assertEquals("Image(s) returned by tool call toolu_7:", parts.getJsonObject(0).getString("text"));
        assertEquals("data:image/png;base64,AAAA", parts.getJsonObject(1).getJsonObject("image_url").getString("url"));
        assertEquals("Notes\n\nline one", parts.getJsonObject(2).getString("text"));
        ApiError pdf = assertThrows(ApiError.class, () -> translate("{'model':'m','max_tokens':5,'messages':[{'role':'user','content':"
                + "[{'type':'document','source':{'type':'base64','media_type':'application/pdf','data':'JVBER'}}]}]}"));
        assertTrue(pdf.getMessage().startsWith("messages[0].content[0].source.type: 'base64' documents (PDF files) are not accepted"), pdf.getMessage());
    }

    @Test
    void aLongAgentSessionReachesTheToolModelButNotThePipeline() {
        StringBuilder turns = new StringBuilder();
        for (int i = 0; i <= LIMITS.maxMessages; i++) {
            turns.append(i == 0 ? "" : ",").append(i % 2 == 0 ? "{'role':'user','content':'go on'}" : "{'role':'assistant','content':'ok'}");
        }
        String request = "{'model':'m','max_tokens':5,'messages':[" + turns + "]}";
        assertEquals(LIMITS.maxMessages + 2, translate(request).getJsonArray("messages").size(), "the system message and every turn");
        MessagesToOpenAi.Settings pipeline = new MessagesToOpenAi.Settings("m", "", "auto", 100, false);
        ApiError e = assertThrows(ApiError.class, () -> MessagesToOpenAi.translate(MessagesRequest.of(json(request), LIMITS), pipeline, LIMITS));
        assertTrue(e.getMessage().startsWith("messages: at most " + LIMITS.maxMessages), e.getMessage());
    }

    @Test
    void aCompletionBecomesAMessage() {
        JsonObject message = OpenAiToMessages.message(json("{'choices':[{'message':{'role':'assistant','reasoning_content':'hmm','content':'Hi',"
                + "'tool_calls':[{'id':'call_1','type':'function','function':{'name':'f','arguments':'{\\'a\\':1}'}}]},'finish_reason':'tool_calls'}],"
                + "'usage':{'prompt_tokens':7,'completion_tokens':3}}".replace("\\'", "\\\"")), "msg_1", "claude-x", 0);
        assertEquals("msg_1", message.getString("id"));
        assertEquals("message", message.getString("type"));
        JsonArray content = message.getJsonArray("content");
        assertEquals("thinking", content.getJsonObject(0).getString("type"));
        assertFalse(content.getJsonObject(0).getString("signature").isEmpty());
        assertEquals("Hi", content.getJsonObject(1).getString("text"));
        assertEquals(1, content.getJsonObject(2).getJsonObject("input").getInt("a"));
        assertEquals("tool_use", message.getString("stop_reason"));
        assertEquals(7, message.getJsonObject("usage").getInt("input_tokens"));
        assertEquals("max_tokens", OpenAiToMessages.stopReason("length", false));
        assertEquals("end_turn", OpenAiToMessages.stopReason("stop", false));
        assertEquals("stop_sequence", OpenAiToMessages.stopReason("stop", true));
        assertEquals("x", OpenAiToMessages.input(Json.createValue("x")).getString("arguments"), "arguments that are no object are kept");
    }

    @Test
    void callsWithoutIdsGetUniqueOnesAndAToolCallingAnswerStopsForTools() {
        JsonObject message = OpenAiToMessages.message(json("{'choices':[{'message':{'role':'assistant','reasoning':'hmm','tool_calls':["
                + "{'type':'function','function':{'name':'f','arguments':'{}'}},{'type':'function','function':{'name':'g','arguments':'{}'}}]},"
                + "'finish_reason':'stop'}]}"), "msg_9", "m", 0);
        JsonArray content = message.getJsonArray("content");
        assertEquals("hmm", content.getJsonObject(0).getString("thinking"), "Ollama's 'reasoning' field");
        assertEquals("toolu_9_0", content.getJsonObject(1).getString("id"));
        assertEquals("toolu_9_1", content.getJsonObject(2).getString("id"));
        assertEquals("tool_use", message.getString("stop_reason"), "the server said stop, but the answer calls tools");
        JsonObject stopped = OpenAiToMessages.message(json("{'choices':[{'message':{'content':'a'},'finish_reason':'stop','stop_reason':'END'}]}"), "msg_8", "m", 0);
        assertEquals("stop_sequence", stopped.getString("stop_reason"));
        assertEquals("END", stopped.getString("stop_sequence"));
    }

    @Test
    void aToolCallCutAtTheLimitStopsForTheLimitNotForTheTool() {
        JsonObject cut = OpenAiToMessages.message(json(("{'choices':[{'message':{'tool_calls':[{'id':'c1','type':'function',"
                + "'function':{'name':'write','arguments':'{#path#: #a.txt#, #content#: #half'}}]},'finish_reason':'length'}],"
                + "'usage':{'prompt_tokens':7,'completion_tokens':3}}").replace("#", "\\\"")), "msg_7", "m", 0);
        assertEquals("max_tokens", cut.getString("stop_reason"), "the client asks again with a higher limit, not runs the tool");
        assertEquals(3, cut.getJsonObject("usage").getInt("output_tokens"));
    }

    @Test
    void aCompletionWithoutUsageIsCountedAsTheStreamedPathCountsIt() {
        JsonObject none = OpenAiToMessages.message(json("{'choices':[{'message':{'content':'" + "a".repeat(400) + "'},'finish_reason':'stop'}]}"),
                "msg_6", "m", 120);
        assertEquals(120, none.getJsonObject("usage").getInt("input_tokens"), "the prompt's estimate");
        assertEquals(100, none.getJsonObject("usage").getInt("output_tokens"), "four characters a token");
        JsonObject nulls = OpenAiToMessages.message(json("{'choices':[{'message':{'content':'abcd'},'finish_reason':'stop'}],"
                + "'usage':{'prompt_tokens':null,'completion_tokens':5}}"), "msg_5", "m", 9);
        assertEquals(9, nulls.getJsonObject("usage").getInt("input_tokens"), "a null count is no count");
        assertEquals(5, nulls.getJsonObject("usage").getInt("output_tokens"));
    }

    static final MessagesToOpenAi.Settings PIPELINE = new MessagesToOpenAi.Settings("m", "", "auto", 100, false);

    @Test
    void everyTurnButAFinalAssistantOneMustCarryContent() {
        String thinkingOnly = "[{'type':'thinking','thinking':'t','signature':'s'}]";
        String[][] refused = {
                {"{'role':'user','content':''}", "0"},
                {"{'role':'user','content':[]}", "0"},
                {"{'role':'user','content':" + thinkingOnly + "}", "0"},
                {"{'role':'user','content':[{'type':'text','text':''}]}", "0"},
                {"{'role':'user','content':'q'},{'role':'assistant','content':''},{'role':'user','content':'more'}", "1"},
                {"{'role':'user','content':'q'},{'role':'assistant','content':" + thinkingOnly + "},{'role':'user','content':'more'}", "1"},
                {"{'role':'user','content':'q'},{'role':'assistant','content':'a'},{'role':'user','content':[]}", "2"},
        };
        for (String[] c : refused) {
            String request = "{'model':'m','max_tokens':5,'messages':[" + c[0] + "]}";
            for (MessagesToOpenAi.Settings settings : new MessagesToOpenAi.Settings[] {SETTINGS, PIPELINE}) {
                ApiError e = assertThrows(ApiError.class, () -> MessagesToOpenAi.translate(MessagesRequest.of(json(request), LIMITS), settings, LIMITS), c[0]);
                assertEquals("messages." + c[1] + ": all messages must have non-empty content except for the optional final assistant message",
                        e.getMessage());
                assertEquals(400, io.moe.infrastructure.web.RefusalStatus.of(e));
            }
        }
        JsonArray prefilled = translate("{'model':'m','max_tokens':5,'messages':[{'role':'user','content':'q'},{'role':'assistant','content':''}]}")
                .getJsonArray("messages");
        assertEquals("assistant", prefilled.getJsonObject(2).getString("role"), "an empty final assistant turn is the answer's start");
        JsonArray calls = translate("{'model':'m','max_tokens':5,'messages':[{'role':'user','content':'q'},"
                + "{'role':'assistant','content':[{'type':'thinking','thinking':'t','signature':'s'},{'type':'tool_use','id':'t1','name':'f','input':{}}]},"
                + "{'role':'user','content':[{'type':'tool_result','tool_use_id':'t1','content':''}]}]}").getJsonArray("messages");
        assertEquals("tool", calls.getJsonObject(3).getString("role"), "a tool call and a tool result are content");
    }

    @Test
    void serverToolsAloneSendNeitherToolsNorAToolChoice() {
        JsonObject out = translate("{'model':'m','max_tokens':5,'tool_choice':{'type':'auto','disable_parallel_tool_use':true},"
                + "'tools':[{'type':'web_search_20250305','name':'web_search'}],'messages':[{'role':'user','content':'search'}]}");
        assertFalse(out.containsKey("tools"), out.toString());
        assertFalse(out.containsKey("tool_choice"), out.toString());
        assertFalse(out.containsKey("parallel_tool_calls"), out.toString());
    }

    @Test
    void aUrlImageGoesToTheToolModelButIsRefusedForThePipelineNamingItsSource() {
        String request = "{'model':'m','max_tokens':5,'messages':[{'role':'user','content':'first'},{'role':'assistant','content':'ok'},"
                + "{'role':'user','content':[{'type':'text','text':'look'},{'type':'image','source':{'type':'url','url':'https://example.org/a.png'}}]}]}";
        JsonObject toToolModel = translate(request);
        assertEquals("https://example.org/a.png", toToolModel.getJsonArray("messages").getJsonObject(3).getJsonArray("content")
                .getJsonObject(1).getJsonObject("image_url").getString("url"));
        ApiError e = assertThrows(ApiError.class, () -> MessagesToOpenAi.translate(MessagesRequest.of(json(request), LIMITS), PIPELINE, LIMITS));
        assertTrue(e.getMessage().startsWith("messages[2].content[1].source.type: 'url' images are not taken by the pipeline"), e.getMessage());
        assertTrue(e.getMessage().contains("only base64 images are taken there"), e.getMessage());
    }

    @Test
    void samplingAndThinkingAreCheckedInTheMessagesApisRanges() {
        String[][] refused = {
                {"'temperature':1.5", "temperature: must be a number from 0"},
                {"'top_k':-1", "top_k: must be a whole number from 0"},
                {"'thinking':{'type':'enabled','budget_tokens':1023}", "thinking.budget_tokens: is required with type enabled, a whole number from 1024"},
                {"'thinking':{'type':'enabled','budget_tokens':2000}", "thinking.budget_tokens: must be less than max_tokens (2000)"},
                {"'model':'" + "m".repeat(io.moe.interfaces.openai.ChatCompletionRequest.MAX_MODEL_ID + 1) + "'", "model: must be at most "},
                {"'model':'m\\u0007'", "model: must be at most "},
        };
        for (String[] c : refused) {
            String request = "{" + (c[0].startsWith("'model'") ? "" : "'model':'m',") + c[0] + ",'max_tokens':2000,'messages':[{'role':'user','content':'x'}]}";
            ApiError e = assertThrows(ApiError.class, () -> MessagesRequest.of(json(request), LIMITS), c[0]);
            assertTrue(e.getMessage().startsWith(c[1]), c[1] + " <- " + e.getMessage());
        }
        MessagesRequest nulls = MessagesRequest.of(json("{'model':'m','max_tokens':2000,'temperature':null,'top_p':null,'top_k':null,"
                + "'thinking':{'type':'enabled','budget_tokens':1024},'messages':[{'role':'user','content':'x'}]}"), LIMITS);
        assertEquals(1024, nulls.thinkingBudget(), "JSON null is a setting not given; the smallest budget below max_tokens");
        JsonObject out = MessagesToOpenAi.translate(nulls, SETTINGS, LIMITS);
        assertFalse(out.containsKey("top_k") || out.containsKey("temperature"), out.toString());
        assertEquals(1.0, MessagesToOpenAi.translate(MessagesRequest.of(json("{'model':'m','max_tokens':5,'temperature':1,"
                + "'messages':[{'role':'user','content':'x'}]}"), LIMITS), SETTINGS, LIMITS).getJsonNumber("temperature").doubleValue());
    }
}
