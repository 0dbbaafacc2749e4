package io.moe.domain.chat;

import java.util.List;

/** One turn of a conversation: role, text and any images (data URLs) it carries. */
public record ChatMessage(String role, String text, List<String> imageUrls) {

    public ChatMessage {
        imageUrls = List.copyOf(imageUrls);
    }

    public static ChatMessage system(String text) {
        return new ChatMessage("system", text, List.of());
    }

    public static ChatMessage user(String text) {
        return new ChatMessage("user", text, List.of());
    }

    public boolean hasImages() {
        return !imageUrls.isEmpty();
    }
}
