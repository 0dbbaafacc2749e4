package io.moe.tools;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;

import java.io.StringReader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Helpers for the tools' golden-value tests: arguments as JSON text, results as JSON objects. */
public final class ToolCase {

    private ToolCase() {
    }

    public static JsonObject run(Tool tool, String argsJson) {
        JsonValue result = tool.invoke(ToolArgs.of(Json.createReader(new StringReader(argsJson)).readObject()));
        return result.asJsonObject();
    }

    /** Asserts the call is refused with {@code code} naming {@code argument}; returns the refusal. */
    public static ToolException refused(Tool tool, String argsJson, String code, String argument) {
        ToolException e = assertThrows(ToolException.class, () -> run(tool, argsJson));
        assertEquals(code, e.code(), e.getMessage());
        assertEquals(argument, e.argument(), e.getMessage());
        return e;
    }
}
