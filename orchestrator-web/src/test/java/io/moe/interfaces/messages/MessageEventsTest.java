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
        OpenAiStreamTranslator translator = new OpenAiStreamTranslator(events);
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
}
