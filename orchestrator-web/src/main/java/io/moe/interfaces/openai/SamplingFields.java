package io.moe.interfaces.openai;

import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

import java.math.BigDecimal;

/**
 * The OpenAI sampling fields of a chat request answered by the pipeline, checked as OpenAI checks them: a client's
 * mistake ({@code "temperature": "hot"}) is a 400 naming the field, not silently dropped. Their values are then left to
 * the template, whose models have their own settings; {@code n} other than 1 is refused, since the pipeline gives one
 * merged answer per request. {@code response_format} other than {@code text} (JSON mode, a JSON schema) is refused too
 * ({@link #structuredOutput}): the merged answer is prose, and a client that parses it as JSON should hear so at once,
 * not fail on the answer. On a native route the body goes to the server unchanged and the server judges them.
 */
final class SamplingFields {

    private static final int MAX_STOP_SEQUENCES = 4;

    private SamplingFields() {
    }

    static void check(JsonObject json) {
        number(json, "temperature", 0, 2);
        number(json, "top_p", 0, 1);
        number(json, "presence_penalty", -2, 2);
        number(json, "frequency_penalty", -2, 2);
        JsonValue n = present(json, "n");
        if (n != null && JsonNumbers.wholeInRange(n, 1, 1).isEmpty()) {
            throw ApiError.invalidRequest("invalid_value", "'n' must be 1: the pipeline gives one merged answer per request "
                    + "(send the request again for another)");
        }
        if (json.get("logprobs") == JsonValue.TRUE || present(json, "top_logprobs") != null) {
            throw ApiError.invalidRequest("unsupported_value", "'logprobs' and 'top_logprobs' cannot be given: the answer is merged "
                    + "from several models' answers and has no token probabilities (a model id <model>@<server> passes them to the server)");
        }
        JsonValue seed = present(json, "seed");
        if (seed != null && !(seed instanceof JsonNumber s && s.isIntegral() && fitsInLong(s.bigDecimalValue()))) {
            throw ApiError.invalidRequest("invalid_type", "'seed' must be a whole number");
        }
        JsonValue stop = present(json, "stop");
        if (stop != null && !(stop instanceof JsonString) && !(stop instanceof JsonArray list && list.size() <= MAX_STOP_SEQUENCES
                && list.stream().allMatch(JsonString.class::isInstance))) {
            throw ApiError.invalidRequest("invalid_type", "'stop' must be a string or an array of at most " + MAX_STOP_SEQUENCES + " strings");
        }
        for (String legacy : new String[]{"functions", "function_call"}) {
            if (present(json, legacy) != null) { // otherwise answered as if the client had offered no function
                throw ApiError.invalidRequest("unsupported_value", "'" + legacy + "' is OpenAI's deprecated form of tools: send 'tools' "
                        + "(and 'tool_choice'), which go to the template's tool model");
            }
        }
        JsonValue user = present(json, "user");
        if (user != null && !(user instanceof JsonString)) {
            throw ApiError.invalidRequest("invalid_type", "'user' must be a string");
        }
    }

    /**
     * Refuses {@code response_format} other than {@code text}. Not asked of a chat front-end's housekeeping task (rule
     * 12), which one model answers in the format its prompt names: a front-end may ask JSON mode of it.
     */
    static void structuredOutput(JsonObject json) {
        JsonValue format = present(json, "response_format");
        if (format == null) {
            return;
        }
        if (!(format instanceof JsonObject o && o.get("type") instanceof JsonString type)) {
            throw ApiError.invalidRequest("invalid_type", "'response_format' must be an object such as {\"type\": \"text\"}");
        }
        if (!"text".equals(type.getString())) {
            throw ApiError.invalidRequest("unsupported_value", "'response_format' " + cut(type.getString()) + " is not available on the "
                    + "pipeline: its merged answer is prose. For structured output name a model@server route (GET /v1/models "
                    + "lists those this key may use), whose server answers in JSON");
        }
    }

    private static String cut(String text) {
        return text.length() <= 40 ? text : text.substring(0, 40) + "…";
    }

    /** The field's value, or null when it is absent or null (both mean "not given"). */
    private static JsonValue present(JsonObject json, String field) {
        JsonValue value = json.get(field);
        return value == null || value == JsonValue.NULL ? null : value;
    }

    private static void number(JsonObject json, String field, int min, int max) {
        JsonValue value = present(json, field);
        if (value != null && !JsonNumbers.inRange(value, min, max)) {
            throw ApiError.invalidRequest("invalid_value", "'" + field + "' must be a number from " + min + " to " + max);
        }
    }

    private static boolean fitsInLong(BigDecimal value) {
        return value.compareTo(BigDecimal.valueOf(Long.MIN_VALUE)) >= 0 && value.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) <= 0;
    }
}
