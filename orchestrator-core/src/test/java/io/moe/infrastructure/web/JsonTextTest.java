package io.moe.infrastructure.web;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class JsonTextTest {

    private static int depth(String json) {
        return JsonText.depth(json.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void countsNestedArraysAndObjects() {
        assertEquals(0, depth("42"));
        assertEquals(1, depth("{\"a\":1}"));
        assertEquals(3, depth("{\"a\":[{\"b\":2}],\"c\":[]}"));
        assertEquals(5000, depth("[".repeat(5000) + "]".repeat(5000)));
    }

    @Test
    void bracketsInsideStringsDoNotCount() {
        assertEquals(1, depth("{\"a\":\"[[[{{{\\\"[[\"}"));
    }

    @Test
    void refusesDeepNestingAndBadUtf8WithTheirCodes() {
        assertEquals("json_too_deep", assertThrows(JsonText.Refused.class,
                () -> JsonText.decode(("[".repeat(33) + "]".repeat(33)).getBytes(StandardCharsets.UTF_8), 32)).code());
        assertEquals("invalid_encoding", assertThrows(JsonText.Refused.class,
                () -> JsonText.decode(new byte[]{'"', (byte) 0xC3, (byte) 0x28, '"'}, 32)).code());
        assertEquals("{\"ä\":1}", JsonText.decode("{\"ä\":1}".getBytes(StandardCharsets.UTF_8), 32));
    }
}
