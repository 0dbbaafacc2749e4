package io.moe.tools.text;

import io.moe.domain.shared.Jsonp;
import io.moe.tools.Schema;
import io.moe.tools.Tool;
import io.moe.tools.ToolArgs;
import io.moe.tools.ToolException;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Locale;

/** base64_codec: Base64 encoding of UTF-8 text, and decoding (standard or URL-safe alphabet). */
public final class Base64Codec implements Tool {

    @Override
    public String name() {
        return "base64_codec";
    }

    @Override
    public String description() {
        return "Encode text to Base64 or decode Base64 (standard or URL-safe) back to text.";
    }

    @Override
    public JsonObject inputSchema() {
        return Schema.object().required("data", "string", "the text to encode, or the Base64 to decode")
                .optionalEnum("mode", "encode or decode (encode when left out)", "encode", "decode").build();
    }

    @Override
    public JsonValue invoke(ToolArgs args) {
        String data = args.string("data", "text");
        String mode = args.optionalString("mode").orElse("encode").toLowerCase(Locale.ROOT);
        return switch (mode) {
            case "encode" -> Jsonp.createObjectBuilder().add("mode", "encode")
                    .add("result", Base64.getEncoder().encodeToString(data.getBytes(StandardCharsets.UTF_8))).build();
            case "decode" -> decode(data);
            default -> throw ToolException.invalid("mode", "mode must be 'encode' or 'decode', not '" + mode + "'");
        };
    }

    private static JsonValue decode(String data) {
        String compact = data.replaceAll("\\s", "");
        byte[] bytes;
        try {
            bytes = compact.contains("-") || compact.contains("_")
                    ? Base64.getUrlDecoder().decode(compact) : Base64.getDecoder().decode(compact);
        } catch (IllegalArgumentException e) {
            throw ToolException.invalid("data", "'data' is not valid Base64: " + e.getMessage());
        }
        try {
            String text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
            return Jsonp.createObjectBuilder().add("mode", "decode").add("result", text).add("bytes", bytes.length).build();
        } catch (CharacterCodingException binary) {
            return Jsonp.createObjectBuilder().add("mode", "decode").add("binary", true)
                    .add("result_hex", HexFormat.of().formatHex(bytes)).add("bytes", bytes.length).build();
        }
    }
}
