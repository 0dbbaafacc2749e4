package io.moe.interfaces.messages;

import io.moe.domain.shared.Jsonp;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;


/**
 * An OpenAI chat completion of an inference server as a message: its reasoning ({@link #reasoning}) becomes a
 * thinking block (with the service's signature), {@code content} a text block, each of {@code tool_calls} a
 * {@code tool_use} block with its arguments parsed as {@code input}; {@code finish_reason} becomes the stop
 * reason ({@link #stopReason}; {@code tool_use} whenever the message calls a tool, whatever the server's finish
 * reason said) and the server's usage the message's.
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

    /** The stop reason of the pipeline's answer: {@code max_tokens} when a token limit stopped its model, else {@code end_turn}. */
    static String stopReason(io.moe.domain.chat.ChatAnswer answer) {
        return answer.cutAtLimit() ? "max_tokens" : "end_turn";
    }

    /**
     * A server's whole chat completion as a message; when it reported no usage (or no numbers in it), the tokens are
     * estimated as the streamed path does: {@code promptEstimate} for the prompt and four characters a token of what it
     * wrote (text, reasoning and tool arguments), so an answer is never billed as free.
     */
    static JsonObject message(JsonObject completion, String id, String model, long promptEstimate) {
        JsonObject choice = completion.get("choices") instanceof JsonArray choices && !choices.isEmpty()
                && choices.get(0) instanceof JsonObject c ? c : JsonValue.EMPTY_JSON_OBJECT;
        JsonObject message = choice.get("message") instanceof JsonObject m ? m : JsonValue.EMPTY_JSON_OBJECT;
        JsonArrayBuilder content = Jsonp.createArrayBuilder();
        String reasoning = reasoning(message);
        if (!reasoning.isEmpty()) {
            content.add(thinkingBlock(id, reasoning));
        }
        if (message.get("content") instanceof JsonString t && !t.getString().isEmpty()) {
            content.add(Jsonp.createObjectBuilder().add("type", "text").add("text", t.getString()));
        }
        int calls = 0;
        if (message.get("tool_calls") instanceof JsonArray toolCalls) {
            for (JsonValue v : toolCalls) {
                if (v instanceof JsonObject call && call.get("function") instanceof JsonObject f) {
                    content.add(Jsonp.createObjectBuilder().add("type", "tool_use").add("id", call.getString("id", toolUseId(id, calls)))
                            .add("name", f.getString("name", "")).add("input", input(f.get("arguments"))));
                    calls++;
                }
            }
        }
        String finish = choice.get("finish_reason") instanceof JsonString s ? s.getString() : null;
        String stopSequence = stopSequence(choice);
        JsonObject usage = completion.get("usage") instanceof JsonObject u ? u : JsonValue.EMPTY_JSON_OBJECT;
        long written = (reasoning.length() + message.getString("content", "").length()
                + (message.get("tool_calls") instanceof JsonArray a ? a.toString().length() : 0)) / 4;
        return message(id, model, content, stopReason(finish, stopSequence != null, calls > 0), stopSequence,
                count(usage, "prompt_tokens", promptEstimate), count(usage, "completion_tokens", written));
    }

    /** A whole number of tokens the server reported under {@code field}, else {@code estimate}. */
    private static long count(JsonObject usage, String field, long estimate) {
        return usage.get(field) instanceof JsonNumber n ? Math.max(0, n.longValue()) : estimate;
    }

    /**
     * The stop reason of a turn that may have called tools: {@code max_tokens} when the limit stopped the model, even
     * inside a tool call (its arguments are then cut, and the client should ask again with a higher limit, not run the
     * tool); else {@code tool_use} whenever a tool was called (some servers finish such a turn with "stop").
     */
    static String stopReason(String finishReason, boolean stopSequenceHit, boolean toolCalled) {
        return !"length".equals(finishReason) && toolCalled ? "tool_use" : stopReason(finishReason, stopSequenceHit);
    }

    /**
     * The reasoning of a message or a stream's delta: {@code reasoning_content} (vLLM, DeepSeek) or {@code reasoning}
     * (Ollama's and newer vLLM's name for it); "" when there is none.
     */
    static String reasoning(JsonObject messageOrDelta) {
        for (String field : new String[] {"reasoning_content", "reasoning"}) {
            if (messageOrDelta.get(field) instanceof JsonString r && !r.getString().isEmpty()) {
                return r.getString();
            }
        }
        return "";
    }

    /**
     * The stop sequence a choice stopped at: vLLM names the matched string in {@code stop_reason} (a token id there is
     * no stop sequence); other servers do not say, and their stop at a sequence reads as {@code end_turn}.
     */
    static String stopSequence(JsonObject choice) {
        return "stop".equals(choice.getString("finish_reason", "")) && choice.get("stop_reason") instanceof JsonString s
                && !s.getString().isEmpty() ? s.getString() : null;
    }

    /** The id of a tool call the server gave none: unique within the message, and across messages by the message's id. */
    static String toolUseId(String messageId, int index) {
        return "toolu_" + messageId.replaceFirst("^msg_", "") + "_" + index;
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
