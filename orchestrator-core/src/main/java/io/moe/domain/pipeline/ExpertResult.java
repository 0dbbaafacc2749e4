package io.moe.domain.pipeline;

import io.moe.domain.shared.PlainText;

/**
 * What one expert model said about one subtask, with its tier and self-reported confidence; {@code cut}: the text
 * ends where a length limit stopped it (the call's token limit, or {@link #MAX_CHARS}) rather than where the model
 * finished. A streamed fast path stops at the same {@link #MAX_CHARS}, so its client gets this text too.
 */
public record ExpertResult(String category, String task, String model, int tier, Confidence confidence, String text,
                           boolean failed, boolean cut) {

    /** Each expert output is capped at this many characters (about 600 tokens). */
    public static final int MAX_CHARS = 2400;

    public ExpertResult {
        cut = cut || text != null && text.length() > MAX_CHARS;
        text = text == null ? "" : PlainText.prefix(text, MAX_CHARS);
    }

    public static ExpertResult of(String category, String task, String model, int tier, String output) {
        return of(category, task, model, tier, output, false);
    }

    /** {@code cutAtLimit}: the model stopped at the call's token limit. */
    public static ExpertResult of(String category, String task, String model, int tier, String output, boolean cutAtLimit) {
        return new ExpertResult(category, task, model, tier, Confidence.of(output), output, false, cutAtLimit);
    }

    public static ExpertResult failure(String category, String task, String model, int tier, String reason) {
        return new ExpertResult(category, task, model, tier, Confidence.NIEDRIG, reason, true, false);
    }
}
