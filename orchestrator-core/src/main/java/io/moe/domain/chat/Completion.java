package io.moe.domain.chat;

/**
 * What one model call returned: the text, the model that wrote it, the tokens it cost, and whether the model stopped
 * at the call's token limit ({@code finish_reason} {@code length}) instead of finishing its answer.
 */
public record Completion(String content, String model, TokenUsage usage, boolean cutAtLimit) {

    public Completion(String content, String model, TokenUsage usage) {
        this(content, model, usage, false);
    }

    /** The same text, model and limit, with {@code counted} as its usage. */
    public Completion withUsage(TokenUsage counted) {
        return new Completion(content, model, counted, cutAtLimit);
    }
}
