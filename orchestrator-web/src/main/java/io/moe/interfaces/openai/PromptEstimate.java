package io.moe.interfaces.openai;

import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

/**
 * The tokens a prompt in the chat format will take, before the server says: four characters a token for what is
 * written, and {@value #IMAGE_TOKENS} tokens for each image whatever the size of its data URL. Counted as characters, a
 * screenshot's base64 would be estimated at 100,000 tokens or more: reserved against the budget, it refused a user with
 * a daily limit of that size, and a client's context figures ({@code count_tokens}) were far off.
 */
public final class PromptEstimate {

    static final int CHARS_PER_TOKEN = 4;
    /** About what a vision model takes for a large image (a tile grid of about 1.2 megapixels). */
    static final int IMAGE_TOKENS = 1_600;

    private PromptEstimate() {
    }

    /** The estimate for {@code json} (the messages, or any part of a request such as its tools). */
    public static long tokens(JsonValue json) {
        long[] imageChars = new long[1];
        long[] images = new long[1];
        images(json, imageChars, images);
        return Math.max(0, json.toString().length() - imageChars[0]) / CHARS_PER_TOKEN + images[0] * IMAGE_TOKENS;
    }

    private static void images(JsonValue value, long[] chars, long[] count) {
        if (value instanceof JsonObject o) {
            if (o.get("image_url") instanceof JsonObject image && image.get("url") instanceof JsonString url) {
                chars[0] += url.getString().length();
                count[0]++;
                return;
            }
            o.values().forEach(v -> images(v, chars, count));
        } else if (value instanceof JsonArray a) {
            a.forEach(v -> images(v, chars, count));
        }
    }
}
