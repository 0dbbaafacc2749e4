package io.moe.it.chat;

import io.moe.it.Http;
import io.moe.it.ItConfig;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** POST /v1/chat/completions with stream true: the exact server-sent event sequence of the spec. */
class StreamingIT {

    private static List<String> dataLines(HttpResponse<String> response) {
        List<String> data = new ArrayList<>();
        for (String line : response.body().split("\n")) {
            if (line.startsWith("data: ")) {
                data.add(line.substring(6));
            }
        }
        return data;
    }

    private static HttpResponse<String> stream(String text, boolean includeUsage) {
        var body = Json.createObjectBuilder().add("model", "moe-orchestrator").add("stream", true)
                .add("messages", Json.createArrayBuilder().add(Json.createObjectBuilder().add("role", "user").add("content", text)));
        if (includeUsage) {
            body.add("stream_options", Json.createObjectBuilder().add("include_usage", true));
        }
        return Http.post(ChatCompletionsIT.URL, body.build().toString(), "x-api-key", ItConfig.apiKey());
    }

    @Test
    void chunksFollowTheSpecSequence() {
        String marker = io.moe.it.Phrases.marker("stream");
        HttpResponse<String> response = stream("Tell me about " + marker, false);

        assertEquals(200, response.statusCode(), response.body());
        assertTrue(response.headers().firstValue("Content-Type").orElse("").startsWith("text/event-stream"));
        List<String> data = dataLines(response);
        assertEquals("[DONE]", data.get(data.size() - 1), "the stream ends with [DONE]");

        List<JsonObject> chunks = data.subList(0, data.size() - 1).stream().map(d -> (JsonObject) Http.json(d)).toList();
        String id = chunks.get(0).getString("id");
        assertTrue(id.startsWith("chatcmpl-"));
        for (JsonObject chunk : chunks) {
            assertEquals(id, chunk.getString("id"), "every chunk carries the same id");
            assertEquals("chat.completion.chunk", chunk.getString("object"));
            assertEquals("moe-orchestrator", chunk.getString("model"));
            assertTrue(chunk.containsKey("created") && chunk.containsKey("choices"));
        }
        JsonObject first = chunks.get(0).getJsonArray("choices").getJsonObject(0);
        assertEquals("assistant", first.getJsonObject("delta").getString("role"));
        assertEquals("", first.getJsonObject("delta").getString("content"));
        assertTrue(first.isNull("finish_reason"));

        JsonObject stop = chunks.get(chunks.size() - 1).getJsonArray("choices").getJsonObject(0);
        assertEquals("stop", stop.getString("finish_reason"));
        assertTrue(stop.getJsonObject("delta").isEmpty(), "the stop chunk has an empty delta");

        StringBuilder content = new StringBuilder();
        for (JsonObject chunk : chunks.subList(1, chunks.size() - 1)) {
            JsonObject choice = chunk.getJsonArray("choices").getJsonObject(0);
            assertTrue(choice.isNull("finish_reason"));
            String piece = choice.getJsonObject("delta").getString("content");
            assertTrue(piece.length() > 0 && piece.length() <= 50, "content chunks are about 50 characters: '" + piece + "'");
            content.append(piece);
        }
        assertTrue(content.toString().contains(marker), "the chunks carry the whole answer: " + content);
        assertTrue(chunks.size() >= 4, "role, at least two content chunks for a long answer, and stop: " + chunks.size());
    }

    @Test
    void aStreamedAnswerCutAtTheClientsMaxTokensFinishesWithLength() {
        String body = Json.createObjectBuilder().add("model", "moe-orchestrator").add("stream", true).add("max_tokens", 6)
                .add("messages", Json.createArrayBuilder().add(Json.createObjectBuilder().add("role", "user")
                        .add("content", "Explain in detail what " + io.moe.it.Phrases.marker("cutstream") + " means.")))
                .build().toString();
        HttpResponse<String> response = Http.post(ChatCompletionsIT.URL, body, "x-api-key", ItConfig.apiKey());

        assertEquals(200, response.statusCode(), response.body());
        List<String> data = dataLines(response);
        JsonObject stop = (JsonObject) Http.json(data.get(data.size() - 2));
        assertEquals("length", stop.getJsonArray("choices").getJsonObject(0).getString("finish_reason"), response.body());
    }

    @Test
    void usageChunkComesOnlyWhenAskedFor() {
        List<String> without = dataLines(stream("No usage " + io.moe.it.Phrases.marker("q"), false));
        assertTrue(without.stream().noneMatch(d -> d.contains("\"usage\"")));

        List<String> with = dataLines(stream("With usage " + io.moe.it.Phrases.marker("q"), true));
        JsonObject usageChunk = (JsonObject) Http.json(with.get(with.size() - 2));
        assertEquals(0, usageChunk.getJsonArray("choices").size());
        JsonObject usage = usageChunk.getJsonObject("usage");
        assertEquals(usage.getInt("prompt_tokens") + usage.getInt("completion_tokens"), usage.getInt("total_tokens"));
        JsonObject stop = (JsonObject) Http.json(with.get(with.size() - 3));
        assertEquals("stop", stop.getJsonArray("choices").getJsonObject(0).getString("finish_reason"));
        assertNull(stop.get("usage"));
    }
}
