package io.moe.interfaces.messages;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The streamed event grammar, and an OpenAI stream translated into it, event by event. */
class MessageEventsTest {

    record Event(String name, JsonObject data) {
    }

    static List<Event> events(String stream) {
        List<Event> events = new ArrayList<>();
        for (String frame : stream.split("\n\n")) {
            String[] lines = frame.split("\n");
            events.add(new Event(lines[0].substring("event: ".length()),
                    Json.createReader(new StringReader(lines[1].substring("data: ".length()))).readObject()));
        }
        return events;
    }

    static List<String> names(List<Event> events) {
        return events.stream().map(e -> e.name() + (e.data().containsKey("delta") && e.data().getJsonObject("delta").containsKey("type")
                ? ":" + e.data().getJsonObject("delta").getString("type") : "")).toList();
    }

    @Test
    void blocksOpenAndCloseInOrderAndThinkingEndsWithItsSignature() throws IOException {
        StringWriter out = new StringWriter();
        MessageEvents events = new MessageEvents(out, "msg_1");
        events.start("m", 3);
        events.ping();
        events.thinking("Planning\n");
        events.thinking("Experts answered\n");
        events.text("Hello ");
        events.text("world");
        events.finish("end_turn", null, 3, 2);
        List<Event> read = events(out.toString());
        assertEquals(List.of("message_start", "ping", "content_block_start", "content_block_delta:thinking_delta",
                "content_block_delta:thinking_delta", "content_block_delta:signature_delta", "content_block_stop",
                "content_block_start", "content_block_delta:text_delta", "content_block_delta:text_delta", "content_block_stop",
                "message_delta", "message_stop"), names(read));
        assertEquals(0, read.get(2).data().getInt("index"));
        assertEquals("thinking", read.get(2).data().getJsonObject("content_block").getString("type"));
        assertEquals(1, read.get(7).data().getInt("index"));
        assertEquals("end_turn", read.get(11).data().getJsonObject("delta").getString("stop_reason"));
        assertEquals(2, read.get(11).data().getJsonObject("usage").getInt("output_tokens"));
        assertEquals("msg_1", read.get(0).data().getJsonObject("message").getString("id"));
    }

    @Test
    void anOpenAiStreamWithTextAndAToolCallTranslates() throws IOException {
        StringWriter out = new StringWriter();
        MessageEvents events = new MessageEvents(out, "msg_2");
        OpenAiStreamTranslator translator = new OpenAiStreamTranslator(events, "msg_2");
        events.start("m", 0);
        for (String chunk : List.of(
                "{'choices':[{'delta':{'role':'assistant','content':''}}]}",
                "{'choices':[{'delta':{'content':'Let me check.'}}]}",
                "{'choices':[{'delta':{'tool_calls':[{'index':0,'id':'call_9','function':{'name':'lookup','arguments':''}}]}}]}",
                "{'choices':[{'delta':{'tool_calls':[{'index':0,'function':{'arguments':'{#q#:'}}]}}]}",
                "{'choices':[{'delta':{'tool_calls':[{'index':0,'function':{'arguments':'#x#}'}}]}}]}",
                "{'choices':[{'delta':{},'finish_reason':'tool_calls'}]}",
                "{'choices':[],'usage':{'prompt_tokens':11,'completion_tokens':4}}")) {
            translator.chunk(chunk.replace('\'', '"').replace("#", "\\\""));
        }
        translator.chunk("[DONE]");
        events.finish(translator.stopReason(), null, translator.usage(0).promptTokens(), translator.usage(0).completionTokens());
        List<Event> read = events(out.toString());
        assertEquals(List.of("message_start", "content_block_start", "content_block_delta:text_delta", "content_block_stop",
                "content_block_start", "content_block_delta:input_json_delta", "content_block_delta:input_json_delta",
                "content_block_stop", "message_delta", "message_stop"), names(read));
        JsonObject tool = read.get(4).data().getJsonObject("content_block");
        assertEquals("tool_use", tool.getString("type"));
        assertEquals("call_9", tool.getString("id"));
        assertEquals("{\"q\":\"x\"}", read.get(5).data().getJsonObject("delta").getString("partial_json")
                + read.get(6).data().getJsonObject("delta").getString("partial_json"));
        assertEquals("tool_use", read.get(8).data().getJsonObject("delta").getString("stop_reason"));
        assertEquals(4, read.get(8).data().getJsonObject("usage").getInt("output_tokens"));
        assertEquals(true, translator.complete());
    }

    static OpenAiStreamTranslator translate(MessageEvents events, String id, String... chunks) throws IOException {
        OpenAiStreamTranslator translator = new OpenAiStreamTranslator(events, id);
        events.start("m", 0);
        for (String chunk : chunks) {
            translator.chunk(chunk.replace('\'', '"').replace("#", "\\\""));
        }
        return translator;
    }

    @Test
    void anErrorChunkOfTheServerLeavesTheStreamIncompleteThoughDoneFollows() throws IOException {
        MessageEvents events = new MessageEvents(new StringWriter(), "msg_3");
        OpenAiStreamTranslator translator = translate(events, "msg_3",
                "{'choices':[{'delta':{'content':'Half an ans'}}]}",
                "{'error':{'message':'CUDA out of memory','type':'InternalServerError'}}", "[DONE]");
        assertFalse(translator.complete(), "vLLM's error chunk: the answer is not whole");
        assertEquals("CUDA out of memory", translator.failure());
    }

    @Test
    void aToolCallCutAtTheLimitStopsAsMaxTokensAndANullUsageIsEstimated() throws IOException {
        MessageEvents events = new MessageEvents(new StringWriter(), "msg_5");
        OpenAiStreamTranslator translator = translate(events, "msg_5",
                "{'choices':[{'delta':{'tool_calls':[{'index':0,'id':'c1','function':{'name':'write','arguments':'{#content#: #hal'}}]}}]}",
                "{'choices':[{'delta':{},'finish_reason':'length'}]}",
                "{'choices':[],'usage':{'prompt_tokens':12,'completion_tokens':null}}", "[DONE]");
        assertEquals("max_tokens", translator.stopReason(), "the arguments are cut: the client asks again, it does not run the tool");
        assertTrue(translator.complete(), "a null count is read as no count, not as a broken stream");
        assertEquals(12, translator.usage(0).promptTokens());
    }

    @Test
    void toolCallsWithoutIdsOrIndexesBecomeSeparateBlocksWithUniqueIdsAndStopAsToolUse() throws IOException {
        StringWriter out = new StringWriter();
        MessageEvents events = new MessageEvents(out, "msg_4");
        OpenAiStreamTranslator translator = translate(events, "msg_4",
                // a server that numbers no calls, gives one call no id, and finishes with "stop"
                "{'choices':[{'delta':{'tool_calls':[{'id':'a1','function':{'name':'f','arguments':'{}'}}]}}]}",
                "{'choices':[{'delta':{'tool_calls':[{'id':'a2','function':{'name':'g','arguments':'{}'}}]}}]}",
                "{'choices':[{'delta':{'tool_calls':[{'index':2,'function':{'name':'h','arguments':'{}'}}]}}]}",
                "{'choices':[{'delta':{'reasoning':'why not'}}]}",
                "{'choices':[{'delta':{},'finish_reason':'stop'}]}", "[DONE]");
        events.finish(translator.stopReason(), translator.stopSequence(), 0, 0);
        List<Event> read = events(out.toString());
        List<String> ids = read.stream().filter(e -> e.name().equals("content_block_start")
                        && e.data().getJsonObject("content_block").getString("type").equals("tool_use"))
                .map(e -> e.data().getJsonObject("content_block").getString("id")).toList();
        assertEquals(List.of("a1", "a2", "toolu_4_2"), ids);
        assertTrue(read.stream().anyMatch(e -> e.name().equals("content_block_delta")
                && "why not".equals(e.data().getJsonObject("delta").getString("thinking", null))), "Ollama's 'reasoning' is thinking");
        assertEquals("tool_use", translator.stopReason(), "a turn that called tools stops for them, whatever the server said");
    }

    @Test
    void aStopSequenceVllmNamesIsTheStopReason() throws IOException {
        OpenAiStreamTranslator translator = translate(new MessageEvents(new StringWriter(), "msg_5"), "msg_5",
                "{'choices':[{'delta':{'content':'done'}}]}", "{'choices':[{'delta':{},'finish_reason':'stop','stop_reason':'END'}]}", "[DONE]");
        assertEquals("stop_sequence", translator.stopReason());
        assertEquals("END", translator.stopSequence());
        OpenAiStreamTranslator eos = translate(new MessageEvents(new StringWriter(), "msg_6"), "msg_6",
                "{'choices':[{'delta':{'content':'done'}}]}", "{'choices':[{'delta':{},'finish_reason':'stop','stop_reason':null}]}", "[DONE]");
        assertEquals("end_turn", eos.stopReason());
        assertNull(eos.stopSequence());
    }
}
