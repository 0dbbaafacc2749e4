package io.moe.interfaces.messages;

import io.moe.application.limits.RequestLimits;
import io.moe.interfaces.openai.ApiError;
import io.moe.interfaces.openai.JsonNumbers;
import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

import java.math.BigDecimal;

/**
 * The checked top level of a messages request: {@code model} and {@code max_tokens} (both required), {@code stream},
 * {@code thinking} ({@code {"type":"enabled","budget_tokens":n}}), sampling settings in range, and whether it is a
 * turn of a tool loop ({@code tools} offered or a {@code tool_result} sent). The conversation itself is checked
 * while it is translated ({@link MessagesToOpenAi}). Each violation is a 400 naming the field.
 */
public record MessagesRequest(JsonObject json, String model, int maxTokens, boolean stream, boolean thinking,
                              int thinkingBudget) {

    public static MessagesRequest of(JsonObject json, RequestLimits limits) {
        if (!(json.get("model") instanceof JsonString model) || model.getString().isBlank()) {
            throw ApiError.invalidRequest("missing_model", "model: is required, a model id the key's coding-client profile accepts");
        }
        int maxTokens = whole(json.get("max_tokens"), 1, limits.maxOutputTokens).orElseThrow(() -> ApiError.invalidRequest(
                "invalid_max_tokens", "max_tokens: is required, an integer from 1 to " + limits.maxOutputTokens + " (moe.limits.max-output-tokens)"));
        boolean stream = flag(json, "stream");
        boolean thinking = false;
        int budget = 0;
        JsonValue t = json.get("thinking");
        if (t instanceof JsonObject o) {
            String type = o.getString("type", "");
            if ("enabled".equals(type)) {
                thinking = true;
                budget = whole(o.get("budget_tokens"), 1, limits.maxOutputTokens).orElseThrow(() -> ApiError.invalidRequest(
                        "invalid_thinking", "thinking.budget_tokens: must be an integer from 1 to " + limits.maxOutputTokens));
            } else if (!"disabled".equals(type)) {
                throw ApiError.invalidRequest("invalid_thinking", "thinking.type: must be enabled or disabled");
            }
        } else if (t != null && t != JsonValue.NULL) {
            throw ApiError.invalidRequest("invalid_thinking", "thinking: must be an object {\"type\":\"enabled\",\"budget_tokens\":n}");
        }
        range(json, "temperature", 0, 2);
        range(json, "top_p", 0, 1);
        if (json.containsKey("top_k") && whole(json.get("top_k"), 0, 1_000_000).isEmpty()) {
            throw ApiError.invalidRequest("invalid_value", "top_k: must be a whole number from 0");
        }
        if (json.containsKey("metadata") && !(json.get("metadata") instanceof JsonObject) && json.get("metadata") != JsonValue.NULL) {
            throw ApiError.invalidRequest("invalid_type", "metadata: must be an object such as {\"user_id\": \"...\"}");
        }
        return new MessagesRequest(json, model.getString(), maxTokens, stream, thinking, budget);
    }

    /** A turn of a tool loop: tools offered, or a tool result sent back. */
    public boolean toolTurn() {
        if (json.get("tools") instanceof JsonArray tools && !tools.isEmpty()) {
            return true;
        }
        return json.get("messages") instanceof JsonArray messages && messages.stream().anyMatch(m -> m instanceof JsonObject o
                && o.get("content") instanceof JsonArray blocks && blocks.stream()
                .anyMatch(b -> b instanceof JsonObject block && "tool_result".equals(block.getString("type", ""))));
    }

    static java.util.Optional<Integer> whole(JsonValue value, int min, int max) {
        if (value instanceof JsonNumber n && n.isIntegral() && n.bigDecimalValue().compareTo(BigDecimal.valueOf(min)) >= 0
                && n.bigDecimalValue().compareTo(BigDecimal.valueOf(max)) <= 0) {
            return java.util.Optional.of(n.intValue());
        }
        return java.util.Optional.empty();
    }

    private static void range(JsonObject json, String field, double min, double max) {
        JsonValue v = json.get(field);
        if (v == null || v == JsonValue.NULL) {
            return;
        }
        if (!JsonNumbers.inRange(v, min, max)) {
            throw ApiError.invalidRequest("invalid_value", field + ": must be a number from " + min + " to " + max);
        }
    }

    private static boolean flag(JsonObject json, String field) {
        JsonValue v = json.get(field);
        if (v == null || v == JsonValue.NULL || v == JsonValue.FALSE) {
            return false;
        }
        if (v == JsonValue.TRUE) {
            return true;
        }
        throw ApiError.invalidRequest("invalid_type", field + ": must be true or false");
    }
}
