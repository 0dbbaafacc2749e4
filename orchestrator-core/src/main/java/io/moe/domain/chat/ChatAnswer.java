package io.moe.domain.chat;

import java.util.List;
import java.util.UUID;

/**
 * The one answer to a chat request, with the response id ({@code chatcmpl-<uuid>}) it is known by,
 * every model call it took, and whether the semantic cache answered it.
 */
public record ChatAnswer(String id, long created, String content, TokenUsage usage, List<Completion> calls, boolean cacheHit) {

    public ChatAnswer {
        calls = calls == null ? List.of() : List.copyOf(calls);
    }

    public static String newResponseId() {
        return "chatcmpl-" + UUID.randomUUID();
    }
}
