package io.moe.domain.chat;

import io.moe.domain.template.ModelRef;

import java.util.List;

/** A request to one model: the messages to send and the most tokens it may write (0 = server default). */
public record ModelCall(ModelRef model, List<ChatMessage> messages, int maxTokens) {

    public ModelCall {
        messages = List.copyOf(messages);
    }
}
