package io.moe.interfaces.openai;

import io.moe.domain.shared.Refusal.Kind;

import io.moe.application.limits.RequestLimits;
import io.moe.domain.chat.ChatMessage;

import java.util.List;

/**
 * The size bounds of a conversation as a whole: characters of text over all messages, the number of
 * images, and each image's size after base64 decoding. Over a bound is 413 with the setting to raise.
 */
final class MessageBounds {

    private MessageBounds() {
    }

    static void check(List<ChatMessage> messages, RequestLimits limits) {
        long chars = 0;
        int images = 0;
        for (ChatMessage m : messages) {
            chars += m.text().length();
            images += m.imageUrls().size();
            for (String url : m.imageUrls()) {
                long bytes = decodedBytes(url);
                if (bytes > limits.maxImageBytes) {
                    throw tooLarge("image_too_large", "an image has about " + bytes + " bytes; at most "
                            + limits.maxImageBytes + " are accepted (moe.limits.max-image-bytes): send it smaller");
                }
            }
        }
        if (chars > limits.maxTextChars) {
            throw tooLarge("too_much_text", "the messages hold " + chars + " characters of text; at most "
                    + limits.maxTextChars + " are accepted (moe.limits.max-text-chars): shorten the conversation");
        }
        if (images > limits.maxImages) {
            throw tooLarge("too_many_images", "the messages hold " + images + " images; at most "
                    + limits.maxImages + " are accepted (moe.limits.max-images)");
        }
    }

    /** About how many bytes the base64 payload of a data URL decodes to. */
    static long decodedBytes(String dataUrl) {
        int comma = dataUrl.indexOf(',');
        long payload = 0;
        for (int i = comma + 1; i < dataUrl.length(); i++) {
            char c = dataUrl.charAt(i);
            if (c != '=' && !Character.isWhitespace(c)) {
                payload++;
            }
        }
        return payload * 3 / 4;
    }

    private static ApiError tooLarge(String code, String message) {
        return new ApiError(Kind.TOO_LARGE, code, message);
    }
}
