package io.moe.domain.chat;

/** What one model call returned: the text, the model that wrote it, and the tokens it cost. */
public record Completion(String content, String model, TokenUsage usage) {
}
