package io.moe.domain.chat;

import io.moe.domain.mode.Mode;

import java.util.List;

/**
 * A validated chat request: the mode the client named, the conversation (oldest turn first), and the
 * most tokens the client lets the answer take ({@code 0}: not set, the per-role caps alone apply).
 */
public record ChatRequest(Mode mode, List<ChatMessage> messages, int maxTokens) {

    public ChatRequest {
        messages = List.copyOf(messages);
        if (messages.isEmpty()) {
            throw new IllegalArgumentException("a chat request needs at least one message");
        }
        if (maxTokens < 0) {
            throw new IllegalArgumentException("maxTokens must be 0 (not set) or positive");
        }
    }

    public ChatRequest(Mode mode, List<ChatMessage> messages) {
        this(mode, messages, 0);
    }

    /** The text of the last user turn, or "" when there is none. */
    public String lastUserText() {
        for (int i = messages.size() - 1; i >= 0; i--) {
            if ("user".equals(messages.get(i).role())) {
                return messages.get(i).text();
            }
        }
        return "";
    }
}
