package io.moe.infrastructure.web;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Checks a JSON request body before any parser sees it: strict UTF-8 (no silent replacement characters)
 * and a bounded nesting depth, found in one pass (brackets inside strings do not count), so that a body
 * nested thousands of levels deep never reaches a recursive parser. Every port reads its JSON bodies
 * through here and maps {@link Refused} to its own error shape (400).
 */
public final class JsonText {

    /** A body refused before parsing: {@code code} is {@code invalid_encoding} or {@code json_too_deep}. */
    public static final class Refused extends RuntimeException {

        private final String code;

        Refused(String code, String message) {
            super(message);
            this.code = code;
        }

        public String code() {
            return code;
        }
    }

    private JsonText() {
    }

    /** The body as text; throws {@link Refused} when it is not UTF-8 or nests deeper than {@code maxDepth}. */
    public static String decode(byte[] body, int maxDepth) {
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(body)).toString();
        } catch (CharacterCodingException e) {
            throw new Refused("invalid_encoding", "the request body is not valid UTF-8");
        }
        int depth = depth(body);
        if (depth > maxDepth) {
            throw new Refused("json_too_deep", "the body nests arrays and objects " + depth + " levels deep; at most "
                    + maxDepth + " are accepted (moe.limits.max-json-depth)");
        }
        return text;
    }

    /** The deepest nesting of arrays and objects in a JSON text. */
    public static int depth(byte[] json) {
        int depth = 0;
        int deepest = 0;
        boolean inString = false;
        for (int i = 0; i < json.length; i++) {
            byte b = json[i];
            if (inString) {
                if (b == '\\') {
                    i++;
                } else if (b == '"') {
                    inString = false;
                }
            } else if (b == '"') {
                inString = true;
            } else if (b == '[' || b == '{') {
                deepest = Math.max(deepest, ++depth);
            } else if (b == ']' || b == '}') {
                depth--;
            }
        }
        return deepest;
    }
}
