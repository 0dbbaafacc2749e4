package io.moe.domain.chat;

/** Prompt and completion tokens, summed over every model call of a request. */
public record TokenUsage(long promptTokens, long completionTokens) {

    public static final TokenUsage NONE = new TokenUsage(0, 0);

    public TokenUsage plus(TokenUsage other) {
        return new TokenUsage(promptTokens + other.promptTokens, completionTokens + other.completionTokens);
    }

    public long totalTokens() {
        return promptTokens + completionTokens;
    }
}
