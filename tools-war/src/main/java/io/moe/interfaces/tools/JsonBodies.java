package io.moe.interfaces.tools;

import io.moe.tools.ToolException;
import jakarta.json.Json;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;

import java.io.StringReader;

/** Reads request bodies that must be one JSON object, refusing anything else with a 400. */
final class JsonBodies {

    static final int MAX_BODY = 2_000_000;

    private JsonBodies() {
    }

    static JsonObject object(String body) {
        if (body == null || body.isBlank()) {
            throw new ToolException(400, "invalid_json", null, "the body is empty; send a JSON object");
        }
        if (body.length() > MAX_BODY) {
            throw new ToolException(413, "input_too_large", null, "the body is larger than " + MAX_BODY + " characters");
        }
        try {
            JsonValue value = Json.createReader(new StringReader(body)).readValue();
            if (value instanceof JsonObject o) {
                return o;
            }
        } catch (JsonException e) {
            throw new ToolException(400, "invalid_json", null, "the body is not valid JSON: " + e.getMessage());
        }
        throw new ToolException(400, "invalid_json", null, "the body must be a JSON object");
    }
}
