package io.moe.domain.chat;

import java.util.List;
import java.util.UUID;

/**
 * The one answer to a chat request, with the response id ({@code chatcmpl-<uuid>}, or {@code msg_…} on the
 * messages API) it is known by, every model call it took, whether the semantic cache answered it, and the
 * thinking step's reasoning trace ("" when it did not run), and whether the answer ends where a length limit stopped
 * the model that wrote it ({@code finish_reason} {@code length}, {@code stop_reason} {@code max_tokens}).
 */
public record ChatAnswer(String id, long created, String content, TokenUsage usage, List<Completion> calls, boolean cacheHit,
                         String reasoning, boolean cutAtLimit) {

    public ChatAnswer {
        calls = calls == null ? List.of() : List.copyOf(calls);
        reasoning = reasoning == null ? "" : reasoning;
    }

    public ChatAnswer(String id, long created, String content, TokenUsage usage, List<Completion> calls, boolean cacheHit) {
        this(id, created, content, usage, calls, cacheHit, "", false);
    }

    public static String newResponseId() {
        return "chatcmpl-" + UUID.randomUUID();
    }
}
