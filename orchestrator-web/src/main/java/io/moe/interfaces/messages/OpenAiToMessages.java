package io.moe.interfaces.messages;

import io.moe.domain.shared.Jsonp;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;


/**
 * An OpenAI chat completion of an inference server as a message: {@code reasoning_content} becomes a thinking
 * block (with the service's signature), {@code content} a text block, each of {@code tool_calls} a
 * {@code tool_use} block with its arguments parsed as {@code input}; {@code finish_reason} becomes the stop
 * reason ({@link #stopReason}) and the server's usage the message's.
 */
final class OpenAiToMessages {

    private OpenAiToMessages() {
    }

    /** The stop reason of a finish reason: length → max_tokens, tool_calls → tool_use, stop with a stop sequence hit → stop_sequence. */
    static String stopReason(String finishReason, boolean stopSequenceHit) {
        if (finishReason == null) {
            return "end_turn";
        }
        return switch (finishReason) {
            case "length" -> "max_tokens";
            case "tool_calls", "function_call" -> "tool_use";
            default -> stopSequenceHit ? "stop_sequence" : "end_turn";
        };
    }

    static JsonObject message(JsonObject completion, String id, String model) {
        JsonObject choice = completion.get("choices") instanceof JsonArray choices && !choices.isEmpty()
                && choices.get(0) instanceof JsonObject c ? c : JsonValue.EMPTY_JSON_OBJECT;
        JsonObject message = choice.get("message") instanceof JsonObject m ? m : JsonValue.EMPTY_JSON_OBJECT;
        JsonArrayBuilder content = Jsonp.createArrayBuilder();
        if (message.get("reasoning_content") instanceof JsonString r && !r.getString().isEmpty()) {
            content.add(thinkingBlock(id, r.getString()));
        }
        if (message.get("content") instanceof JsonString t && !t.getString().isEmpty()) {
            content.add(Jsonp.createObjectBuilder().add("type", "text").add("text", t.getString()));
        }
        if (message.get("tool_calls") instanceof JsonArray calls) {
            for (JsonValue v : calls) {
                if (v instanceof JsonObject call && call.get("function") instanceof JsonObject f) {
                    content.add(Jsonp.createObjectBuilder().add("type", "tool_use").add("id", call.getString("id", "toolu_" + id))
                            .add("name", f.getString("name", "")).add("input", input(f.get("arguments"))));
                }
            }
        }
        String finish = choice.get("finish_reason") instanceof JsonString s ? s.getString() : null;
        JsonObject usage = completion.get("usage") instanceof JsonObject u ? u : JsonValue.EMPTY_JSON_OBJECT;
        return message(id, model, content, stopReason(finish, false), null,
                usage.getJsonNumber("prompt_tokens") == null ? 0 : usage.getJsonNumber("prompt_tokens").longValue(),
                usage.getJsonNumber("completion_tokens") == null ? 0 : usage.getJsonNumber("completion_tokens").longValue());
    }

    static JsonObject message(String id, String model, JsonArrayBuilder content, String stopReason, String stopSequence,
                              long inputTokens, long outputTokens) {
        JsonObjectBuilder m = Jsonp.createObjectBuilder().add("id", id).add("type", "message").add("role", "assistant")
                .add("model", model).add("content", content).add("stop_reason", stopReason);
        if (stopSequence == null) {
            m.addNull("stop_sequence");
        } else {
            m.add("stop_sequence", stopSequence);
        }
        return m.add("usage", Jsonp.createObjectBuilder().add("input_tokens", inputTokens).add("output_tokens", outputTokens)).build();
    }

    static JsonObjectBuilder thinkingBlock(String id, String thinking) {
        return Jsonp.createObjectBuilder().add("type", "thinking").add("thinking", thinking)
                .add("signature", MessageEvents.signature(id, thinking));
    }

    /** The arguments of a tool call as an object; arguments that are no JSON object are kept as {@code {"arguments": "..."}}. */
    static JsonObject input(JsonValue arguments) {
        if (arguments instanceof JsonString s) {
            try {
                if (Jsonp.readValue(s.getString()) instanceof JsonObject o) {
                    return o;
                }
            } catch (JsonException malformed) {
                // kept as text below
            }
            return Jsonp.createObjectBuilder().add("arguments", s.getString()).build();
        }
        return arguments instanceof JsonObject o ? o : JsonValue.EMPTY_JSON_OBJECT;
    }
}
