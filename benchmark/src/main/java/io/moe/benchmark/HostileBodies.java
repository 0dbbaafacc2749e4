package io.moe.benchmark;

import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Generates request bodies that are invalid by construction, from a valid example of an endpoint: one
 * "breaking" change (a required field missing or of the wrong type, or a whole body that is not the
 * expected JSON at all: empty, truncated, a scalar, nested thousands deep, not UTF-8), often decorated
 * with noise that alone would be harmless (extra fields with huge strings, nesting, bad data URLs).
 * Seeded, so a failure can be replayed. Used by the black-box fuzz test ({@code FuzzIT}) and by the benchmark's round
 * of hostile inputs before the server's memory is read ({@link HostileRoundBenchmark}).
 */
public final class HostileBodies {

    /** The JSON type a field must have. */
    public enum Kind {
        STRING(Json.createValue(42), Json.createValue(-1.5), JsonValue.TRUE, Json.createArrayBuilder().add("x").build(),
                Json.createObjectBuilder().add("a", 1).build(), Json.createValue(1e300)),
        BOOLEAN(Json.createValue(42), Json.createValue("yes"), Json.createArrayBuilder().build(),
                Json.createObjectBuilder().build(), Json.createValue("true")),
        COUNT(Json.createValue("many"), Json.createValue(-1.5), Json.createValue(-7), JsonValue.TRUE,
                Json.createArrayBuilder().add(1).build(), Json.createValue("1e999999999"), Json.createObjectBuilder().build());

        private final List<JsonValue> wrong;

        Kind(JsonValue... wrong) {
            this.wrong = List.of(wrong);
        }
    }
    private static final List<String> BAD_DATA_URLS = List.of("data:image/png;base64,@@@@", "javascript:alert(1)",
            "data:text/html,<script>alert(1)</script>", "file:///etc/passwd", "http://169.254.169.254/latest/meta-data",
            "data:image/png;base64,");

    private final Random random;

    public HostileBodies(long seed) {
        this.random = new Random(seed);
    }

    /**
     * A body the endpoint must refuse. {@code breakable} are the fields (with their type) whose wrong type
     * makes the body invalid; {@code removable} says whether leaving one out is also invalid (false for
     * all-optional updates).
     */
    public byte[] next(JsonObject valid, Map<String, Kind> breakable, boolean removable) {
        if (random.nextInt(10) == 0) {
            byte[] whole = wholeBody();
            // an empty body means "all defaults" where every field is optional
            return whole.length == 0 && !removable ? "null".getBytes(StandardCharsets.UTF_8) : whole;
        }
        JsonObjectBuilder body = Json.createObjectBuilder(valid);
        List<String> fields = List.copyOf(breakable.keySet());
        String field = fields.get(random.nextInt(fields.size()));
        if (removable && random.nextBoolean()) {
            body.remove(field);
        } else {
            List<JsonValue> wrong = breakable.get(field).wrong;
            body.add(field, wrong.get(random.nextInt(wrong.size())));
        }
        if (random.nextInt(3) > 0) {
            decorate(body);
        }
        return body.build().toString().getBytes(StandardCharsets.UTF_8);
    }

    /** A whole body that is not a JSON object of the expected shape. */
    private byte[] wholeBody() {
        return switch (random.nextInt(9)) {
            case 0 -> new byte[0];
            case 1 -> "null".getBytes(StandardCharsets.UTF_8);
            case 2 -> "[1,2,3]".getBytes(StandardCharsets.UTF_8);
            case 3 -> "\"just a string\"".getBytes(StandardCharsets.UTF_8);
            case 4 -> "{\"model\": \"moe-orchestrator\", \"messages\": [".getBytes(StandardCharsets.UTF_8);
            case 5 -> ("[".repeat(5000) + "]".repeat(5000)).getBytes(StandardCharsets.UTF_8);
            case 6 -> ("{\"a\":" + "{\"b\":".repeat(3000) + "1" + "}".repeat(3001)).getBytes(StandardCharsets.UTF_8);
            case 7 -> new byte[]{'{', '"', 'x', '"', ':', '"', (byte) 0xC3, (byte) 0x28, (byte) 0xFF, '"', '}'};
            default -> "{\"x\": 1,}".getBytes(StandardCharsets.UTF_8);
        };
    }

    /** Noise that is harmless alone: unknown fields with huge strings, moderate nesting, bad data URLs. */
    private void decorate(JsonObjectBuilder body) {
        switch (random.nextInt(4)) {
            case 0 -> body.add("extra_" + random.nextInt(1000), "x".repeat(1 + random.nextInt(200_000)));
            case 1 -> {
                JsonValue nested = JsonValue.NULL;
                for (int i = 0; i < 20; i++) {
                    nested = Json.createArrayBuilder().add(nested).build();
                }
                body.add("nested", nested);
            }
            case 2 -> {
                JsonArrayBuilder parts = Json.createArrayBuilder().add(Json.createObjectBuilder().add("type", "image_url")
                        .add("image_url", Json.createObjectBuilder().add("url", BAD_DATA_URLS.get(random.nextInt(BAD_DATA_URLS.size())))));
                body.add("messages", Json.createArrayBuilder().add(Json.createObjectBuilder().add("role", "user").add("content", parts)));
            }
            default -> body.add("\u0000weird\uFFFF", "\uD83D\uDE00".repeat(100));
        }
    }
}
