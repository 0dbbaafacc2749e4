package io.moe.interfaces.messages;

import io.moe.domain.chat.TokenUsage;
import io.moe.domain.shared.Jsonp;
import io.moe.interfaces.openai.AnswerBeginning;
import jakarta.json.JsonArray;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

import java.io.IOException;

/**
 * Turns the chunks of an OpenAI chat stream into the messages event grammar, one chunk at a time:
 * {@code reasoning_content} deltas into a thinking block, {@code content} into a text block, each new tool call
 * (a new {@code index}) into a {@code tool_use} block whose {@code arguments} pieces become
 * {@code input_json_delta}s; {@code finish_reason} and the usage chunk become the {@code message_delta}.
 */
final class OpenAiStreamTranslator {

    private final MessageEvents events;
    private int toolIndex = -1;
    private String finishReason;
    private TokenUsage usage;
    private long chars;
    private boolean done;
    private final AnswerBeginning text = new AnswerBeginning();

    OpenAiStreamTranslator(MessageEvents events) {
        this.events = events;
    }

    /** Reads one {@code data:} payload of the server's stream. */
    void chunk(String data) throws IOException {
        if (data.equals("[DONE]")) {
            done = true;
            return;
        }
        JsonObject chunk;
        try {
            chunk = Jsonp.readObject(data);
        } catch (JsonException | IllegalStateException malformed) {
            return; // a chunk the server garbled carries nothing to translate
        }
        if (chunk.get("usage") instanceof JsonObject u && u.getJsonNumber("prompt_tokens") != null) {
            usage = new TokenUsage(u.getJsonNumber("prompt_tokens").longValue(),
                    u.getJsonNumber("completion_tokens") == null ? 0 : u.getJsonNumber("completion_tokens").longValue());
        }
        if (!(chunk.get("choices") instanceof JsonArray choices) || choices.isEmpty() || !(choices.get(0) instanceof JsonObject choice)) {
            return;
        }
        if (choice.get("delta") instanceof JsonObject delta) {
            if (delta.get("reasoning_content") instanceof JsonString r && !r.getString().isEmpty()) {
                events.thinking(r.getString());
                chars += r.getString().length();
            }
            if (delta.get("content") instanceof JsonString t && !t.getString().isEmpty()) {
                events.text(t.getString());
                chars += t.getString().length();
                text.add(t.getString());
            }
            if (delta.get("tool_calls") instanceof JsonArray calls) {
                for (JsonValue v : calls) {
                    if (v instanceof JsonObject call) {
                        toolCall(call);
                    }
                }
            }
        }
        if (choice.get("finish_reason") instanceof JsonString f) {
            finishReason = f.getString();
        }
    }

    private void toolCall(JsonObject call) throws IOException {
        int index = call.getInt("index", toolIndex < 0 ? 0 : toolIndex);
        JsonObject function = call.get("function") instanceof JsonObject f ? f : JsonValue.EMPTY_JSON_OBJECT;
        if (index != toolIndex) {
            toolIndex = index;
            events.toolUse(call.getString("id", "toolu_" + index), function.getString("name", ""));
        }
        if (function.get("arguments") instanceof JsonString args && !args.getString().isEmpty()) {
            events.inputJson(args.getString());
            chars += args.getString().length();
        }
    }

    /** Whether the server ended its stream with {@code [DONE]}. */
    boolean complete() {
        return done;
    }

    String stopReason() {
        return OpenAiToMessages.stopReason(finishReason, false);
    }

    /** The answer's text as far as it was passed on: its beginning and length. */
    AnswerBeginning text() {
        return text;
    }

    /** The server's usage, else the characters it sent counted at four a token. */
    TokenUsage usage(long promptEstimate) {
        return usage != null ? usage : new TokenUsage(promptEstimate, chars / 4);
    }
}
