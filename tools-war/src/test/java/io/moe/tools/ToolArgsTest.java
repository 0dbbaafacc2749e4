package io.moe.tools;

import jakarta.json.Json;
import org.junit.jupiter.api.Test;

import java.io.StringReader;
import java.math.BigDecimal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Inputs are held to their documented bounds however they are written. */
class ToolArgsTest {

    private static ToolArgs args(String json) {
        return ToolArgs.of(Json.createReader(new StringReader(json)).readObject());
    }

    @Test
    void aNumberOfMoreThanAThousandCharactersIsRefusedAsJsonAsAsText() {
        String digits = "7".repeat(1_050);
        assertEquals("invalid_argument", assertThrows(ToolException.class, () -> args("{\"a\":" + digits + "}").integer("a")).code());
        assertEquals("invalid_argument", assertThrows(ToolException.class, () -> args("{\"a\":\"" + digits + "\"}").integer("a")).code());
        assertEquals(new BigDecimal("7".repeat(1_000)), args("{\"a\":" + "7".repeat(1_000) + "}").number("a"));
    }

    @Test
    void numbersWrittenAsOneTextAreHeldToTheTextBound() {
        String many = "1,".repeat(125_000);
        ToolException e = assertThrows(ToolException.class, () -> args("{\"data\":\"" + many + "\"}").numbers("data"));
        assertEquals("input_too_large", e.code());
        assertEquals(3, args("{\"data\":\"1, 2 3\"}").numbers("data").size());
    }
}
