package io.moe.interfaces.openai;

import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The model list in the messages API's shape, as coding clients page through it. */
class ModelsResourceTest {

    @Test
    void aListNamesItsFirstAndLastModel() {
        JsonObject list = ModelsResource.codingList(List.of("claude-sonnet-4", "claude-opus-4"));
        assertEquals("claude-sonnet-4", list.getString("first_id"));
        assertEquals("claude-opus-4", list.getString("last_id"));
        assertEquals(false, list.getBoolean("has_more"));
    }

    @Test
    void anEmptyListHasNullEndsAsTheMessagesApiAnswersThem() {
        JsonObject list = ModelsResource.codingList(List.of());
        assertEquals(JsonValue.NULL, list.get("first_id"));
        assertEquals(JsonValue.NULL, list.get("last_id"));
        assertEquals(0, list.getJsonArray("data").size());
    }
}
