package io.moe.tools.text;

import io.moe.domain.shared.Jsonp;
import io.moe.tools.Schema;
import io.moe.tools.Tool;
import io.moe.tools.ToolArgs;
import io.moe.tools.ToolException;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Map;

/** hash_text: the hex digest of a UTF-8 text. */
public final class HashText implements Tool {

    private static final Map<String, String> ALGORITHMS = Map.of("MD5", "MD5", "SHA1", "SHA-1", "SHA224", "SHA-224",
            "SHA256", "SHA-256", "SHA384", "SHA-384", "SHA512", "SHA-512");

    @Override
    public String name() {
        return "hash_text";
    }

    @Override
    public String description() {
        return "Hash a text (UTF-8) with MD5, SHA1, SHA224, SHA256, SHA384 or SHA512; returns the hex digest.";
    }

    @Override
    public JsonObject inputSchema() {
        return Schema.object().required("text", "string", "the text to hash")
                .optionalEnum("alg", "algorithm (default SHA256)", "MD5", "SHA1", "SHA224", "SHA256", "SHA384", "SHA512")
                .build();
    }

    @Override
    public JsonValue invoke(ToolArgs args) {
        String text = args.string("text");
        String given = args.optionalString("alg", "algorithm").orElse("SHA256");
        String key = given.toUpperCase(Locale.ROOT).replace("-", "").replace("_", "");
        String algorithm = ALGORITHMS.get(key);
        if (algorithm == null) {
            throw ToolException.invalid("alg", "unknown algorithm '" + given + "'; use MD5, SHA1, SHA224, SHA256, SHA384 or SHA512");
        }
        try {
            byte[] digest = MessageDigest.getInstance(algorithm).digest(text.getBytes(StandardCharsets.UTF_8));
            return Jsonp.createObjectBuilder().add("alg", key).add("hex", HexFormat.of().formatHex(digest))
                    .add("bits", digest.length * 8).build();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(algorithm + " is part of every Java runtime", e);
        }
    }
}
