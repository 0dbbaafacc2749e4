package io.moe.domain.chat;

import io.moe.domain.mode.Mode;

import java.util.List;

/** A validated chat request: the mode the client named and the conversation, oldest turn first. */
public record ChatRequest(Mode mode, List<ChatMessage> messages) {

    public ChatRequest {
        messages = List.copyOf(messages);
        if (messages.isEmpty()) {
            throw new IllegalArgumentException("a chat request needs at least one message");
        }
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
