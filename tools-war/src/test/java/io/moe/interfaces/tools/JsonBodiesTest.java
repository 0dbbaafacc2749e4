package io.moe.interfaces.tools;

import io.moe.domain.shared.Refusal.Kind;

import io.moe.tools.ToolException;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Request bodies are read only up to the limit, never whole. */
class JsonBodiesTest {

    /** A body that never ends: reading it whole would never finish. */
    private static final class EndlessBody extends InputStream {
        long served;

        @Override
        public int read() {
            served++;
            return ' ';
        }

        @Override
        public int read(byte[] b, int off, int len) {
            java.util.Arrays.fill(b, off, off + len, (byte) ' ');
            served += len;
            return len;
        }
    }

    @Test
    void aBodyOverTheLimitIsRefusedAfterReadingJustPastTheLimit() {
        EndlessBody body = new EndlessBody();
        ToolException e = assertThrows(ToolException.class, () -> JsonBodies.bounded(body, 1_000_000));
        assertEquals(Kind.TOO_LARGE, e.kind());
        assertEquals("input_too_large", e.code());
        assertTrue(body.served < 1_100_000, "read " + body.served + " bytes");
    }

    @Test
    void aBodyWithinTheLimitIsReadAsUtf8Json() {
        JsonBodies bodies = new JsonBodies();
        bodies.maxBytes = 100;
        bodies.limits = io.moe.application.limits.ConfigDefaults.of(io.moe.application.limits.RequestLimits.class);
        var json = bodies.object(new ByteArrayInputStream("{\"tool\":\"größe\"}".getBytes(StandardCharsets.UTF_8)));
        assertEquals("größe", json.getString("tool"));
        assertEquals("input_too_large", assertThrows(ToolException.class,
                () -> bodies.object(new ByteArrayInputStream(("{\"a\":\"" + "x".repeat(200) + "\"}").getBytes()))).code());
        assertEquals("invalid_json", assertThrows(ToolException.class, () -> bodies.object(new ByteArrayInputStream(new byte[0]))).code());
    }

    @Test
    void aBodyThatIsNotUtf8OrNestedTooDeepIs400() {
        JsonBodies bodies = new JsonBodies();
        bodies.maxBytes = 100_000;
        bodies.limits = io.moe.application.limits.ConfigDefaults.of(io.moe.application.limits.RequestLimits.class);
        assertEquals("invalid_encoding", assertThrows(ToolException.class, () -> bodies.object(
                new ByteArrayInputStream(new byte[]{'{', '"', 'a', '"', ':', '"', (byte) 0xFF, '"', '}'}))).code());
        assertEquals("json_too_deep", assertThrows(ToolException.class, () -> bodies.object(
                new ByteArrayInputStream(("[".repeat(5000) + "]".repeat(5000)).getBytes(StandardCharsets.UTF_8)))).code());
    }
}
