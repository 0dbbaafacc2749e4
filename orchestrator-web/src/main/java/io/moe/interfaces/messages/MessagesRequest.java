package io.moe.interfaces.messages;

import io.moe.application.limits.RequestLimits;
import io.moe.interfaces.openai.ApiError;
import io.moe.interfaces.openai.ChatCompletionRequest;
import io.moe.interfaces.openai.JsonNumbers;
import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

import java.math.BigDecimal;

/**
 * The checked top level of a messages request: {@code model} (required, a model id's length and characters) and
 * {@code max_tokens} (required), {@code stream}, {@code thinking} ({@code {"type":"enabled","budget_tokens":n}} with n
 * from {@value #MIN_THINKING_BUDGET} and below {@code max_tokens}, {@code {"type":"adaptive"}} or disabled), sampling
 * settings in the messages API's ranges (a JSON null is "not given"), and whether it is a turn of a tool loop
 * ({@code tools} offered or a {@code tool_result} sent). The conversation itself is checked while it is translated
 * ({@link MessagesToOpenAi}). Each violation is a 400 naming the field. A {@code max_tokens} (or thinking budget) above
 * {@code moe.limits.max-output-tokens} is lowered to it rather than refused: coding clients send the ceiling of the
 * vendor model they think they talk to (64,000 or 128,000 tokens) and offer their users no per-server setting, while an
 * answer never needs more than the bound.
 */
public record MessagesRequest(JsonObject json, String model, int maxTokens, boolean stream, boolean thinking,
                              int thinkingBudget) {

    /** The smallest thinking budget the messages API takes. */
    static final int MIN_THINKING_BUDGET = 1024;

    public static MessagesRequest of(JsonObject json, RequestLimits limits) {
        String model = model(json);
        int asked = whole(json.get("max_tokens"), 1, Integer.MAX_VALUE).orElseThrow(() -> ApiError.invalidRequest(
                "invalid_max_tokens", "max_tokens: is required, a whole number from 1 (above " + limits.maxOutputTokens
                        + ", moe.limits.max-output-tokens, it is lowered to that)"));
        boolean stream = flag(json, "stream");
        boolean thinking = false;
        int budget = 0;
        JsonValue t = json.get("thinking");
        if (t instanceof JsonObject o) {
            String type = o.getString("type", "");
            if ("enabled".equals(type)) {
                thinking = true;
                budget = atMost(thinkingBudget(o, asked), limits);
            } else if ("adaptive".equals(type)) {
                thinking = true; // the model decides how much to think: no budget of its own
            } else if (!"disabled".equals(type)) {
                throw ApiError.invalidRequest("invalid_thinking", "thinking.type: must be enabled, adaptive or disabled");
            }
        } else if (t != null && t != JsonValue.NULL) {
            throw ApiError.invalidRequest("invalid_thinking", "thinking: must be an object {\"type\":\"enabled\",\"budget_tokens\":n}");
        }
        range(json, "temperature", 0, 1);
        range(json, "top_p", 0, 1);
        JsonValue topK = json.get("top_k");
        if (topK != null && topK != JsonValue.NULL && whole(topK, 0, 1_000_000).isEmpty()) {
            throw ApiError.invalidRequest("invalid_value", "top_k: must be a whole number from 0");
        }
        if (json.containsKey("metadata") && !(json.get("metadata") instanceof JsonObject) && json.get("metadata") != JsonValue.NULL) {
            throw ApiError.invalidRequest("invalid_type", "metadata: must be an object such as {\"user_id\": \"...\"}");
        }
        return new MessagesRequest(json, model, atMost(asked, limits), stream, thinking, budget);
    }

    /** The required {@code model}: a non-blank string of a model id's length and characters. */
    private static String model(JsonObject json) {
        if (!(json.get("model") instanceof JsonString model) || model.getString().isBlank()) {
            throw ApiError.invalidRequest("missing_model", "model: is required, a model id the key's coding-client profile accepts");
        }
        if (!ChatCompletionRequest.fitsModelId(model.getString())) {
            throw ApiError.invalidRequest("invalid_value", "model: must be " + ChatCompletionRequest.MODEL_ID_FORM
                    + "; GET /v1/models lists the ids the key's coding-client profiles accept");
        }
        return model.getString();
    }

    /** An enabled thinking's {@code budget_tokens}, as the client sent it: from 1024 and below its {@code max_tokens}. */
    private static int thinkingBudget(JsonObject thinking, int maxTokens) {
        int budget = whole(thinking.get("budget_tokens"), MIN_THINKING_BUDGET, Integer.MAX_VALUE).orElseThrow(() -> ApiError.invalidRequest(
                "invalid_thinking", "thinking.budget_tokens: is required with type enabled, a whole number from " + MIN_THINKING_BUDGET
                        + " and less than max_tokens"));
        if (budget >= maxTokens) {
            throw ApiError.invalidRequest("invalid_thinking", "thinking.budget_tokens: must be less than max_tokens (" + maxTokens
                    + "): the budget is the part of the answer's tokens spent on thinking");
        }
        return budget;
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

    private static int atMost(int tokens, RequestLimits limits) {
        return Math.min(tokens, limits.maxOutputTokens);
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
