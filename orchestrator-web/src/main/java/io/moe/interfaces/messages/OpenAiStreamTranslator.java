package io.moe.interfaces.messages;

import io.moe.domain.chat.TokenUsage;
import io.moe.domain.shared.Jsonp;
import io.moe.interfaces.openai.AnswerBeginning;
import jakarta.json.JsonArray;
import jakarta.json.JsonException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

import java.io.IOException;

/**
 * Turns the chunks of an OpenAI chat stream into the messages event grammar, one chunk at a time:
 * reasoning deltas ({@code reasoning_content} or {@code reasoning}) into a thinking block, {@code content} into a text block, each new tool call
 * (a new {@code index}) into a {@code tool_use} block whose {@code arguments} pieces become
 * {@code input_json_delta}s; {@code finish_reason} and the usage chunk become the {@code message_delta}. An error
 * chunk of the server ({@code {"error": …}}) makes the stream incomplete whatever follows.
 */
final class OpenAiStreamTranslator {

    private final MessageEvents events;
    private final String messageId;
    private int toolIndex = -1;
    private String toolId;
    private int toolBlocks;
    private String finishReason;
    private String stopSequence;
    private String failure;
    private TokenUsage usage;
    private long chars;
    private boolean done;
    private final AnswerBeginning text = new AnswerBeginning();

    OpenAiStreamTranslator(MessageEvents events, String messageId) {
        this.events = events;
        this.messageId = messageId;
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
        if (chunk.get("error") != null && chunk.get("error") != JsonValue.NULL) {
            // vLLM's report of a generation that failed on its way; a [DONE] may still follow, but the answer is not whole
            failure = chunk.get("error") instanceof JsonObject e && e.get("message") instanceof JsonString m ? m.getString()
                    : chunk.get("error").toString();
            return;
        }
        if (chunk.get("usage") instanceof JsonObject u && u.get("prompt_tokens") instanceof JsonNumber prompt) {
            usage = new TokenUsage(Math.max(0, prompt.longValue()),
                    u.get("completion_tokens") instanceof JsonNumber completion ? Math.max(0, completion.longValue()) : chars / 4);
        }
        if (!(chunk.get("choices") instanceof JsonArray choices) || choices.isEmpty() || !(choices.get(0) instanceof JsonObject choice)) {
            return;
        }
        if (choice.get("delta") instanceof JsonObject delta) {
            String reasoning = OpenAiToMessages.reasoning(delta);
            if (!reasoning.isEmpty()) {
                events.thinking(reasoning);
                chars += reasoning.length();
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
            stopSequence = OpenAiToMessages.stopSequence(choice);
        }
    }

    /**
     * A piece of a tool call. A new call has a new {@code index} or a new {@code id} (a server may number none, or
     * number each call 0); the later pieces of one call repeat its index or id, or carry neither.
     */
    private void toolCall(JsonObject call) throws IOException {
        String id = call.get("id") instanceof JsonString s && !s.getString().isEmpty() ? s.getString() : null;
        int index = call.get("index") instanceof JsonNumber n ? n.intValue() : Math.max(toolIndex, 0);
        JsonObject function = call.get("function") instanceof JsonObject f ? f : JsonValue.EMPTY_JSON_OBJECT;
        if (index != toolIndex || id != null && toolId != null && !id.equals(toolId)) {
            toolIndex = index;
            toolId = id;
            events.toolUse(id != null ? id : OpenAiToMessages.toolUseId(messageId, toolBlocks), function.getString("name", ""));
            toolBlocks++;
        }
        if (function.get("arguments") instanceof JsonString args && !args.getString().isEmpty()) {
            events.inputJson(args.getString());
            chars += args.getString().length();
        }
    }

    /** Whether the server ended its stream with {@code [DONE]} and reported no error on the way. */
    boolean complete() {
        return done && failure == null;
    }

    /** The server's error message when it reported one within the stream, else null. */
    String failure() {
        return failure;
    }

    /** The stop reason ({@link OpenAiToMessages#stopReason(String, boolean, boolean)}): a tool call cut at the limit is no tool use. */
    String stopReason() {
        return OpenAiToMessages.stopReason(finishReason, stopSequence != null, toolBlocks > 0);
    }

    /** The stop sequence the server stopped at, when it names it ({@link OpenAiToMessages#stopSequence}); else null. */
    String stopSequence() {
        return stopSequence;
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
