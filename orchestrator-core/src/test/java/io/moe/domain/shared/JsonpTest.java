package io.moe.domain.shared;

import jakarta.json.JsonException;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Every unreadable body is a JsonException, which the callers answer as bad input: numbers the reader cannot hold too. */
class JsonpTest {

    @Test
    void aNumberTheReaderCannotHoldIsUnreadableJson() {
        for (String body : new String[]{"{\"x\":1e99999999999}", "{\"x\":1e2147483648}", "{\"x\":1e-2147483649}",
                "{\"x\":" + "9".repeat(1200) + "}", "[" + "1".repeat(1200) + "]"}) {
            JsonException e = assertThrows(JsonException.class, () -> Jsonp.readValue(body).toString(), body.substring(0, Math.min(20, body.length())));
            assertEquals(true, e.getMessage().startsWith("a number is too large or too long to read"), e.getMessage());
        }
        assertEquals("{\"x\":1E+300}", Jsonp.readValue("{\"x\":1e300}").toString());
    }
}
