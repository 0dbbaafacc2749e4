package io.moe.domain.pipeline;

/** What one expert model said about one subtask, with its tier and self-reported confidence. */
public record ExpertResult(String category, String task, String model, int tier, Confidence confidence, String text,
                           boolean failed) {

    /** Each expert output is capped at this many characters (about 600 tokens). */
    public static final int MAX_CHARS = 2400;

    public ExpertResult {
        text = text == null ? "" : text.length() > MAX_CHARS ? text.substring(0, MAX_CHARS) : text;
    }

    public static ExpertResult of(String category, String task, String model, int tier, String output) {
        return new ExpertResult(category, task, model, tier, Confidence.of(output), output, false);
    }

    public static ExpertResult failure(String category, String task, String model, int tier, String reason) {
        return new ExpertResult(category, task, model, tier, Confidence.NIEDRIG, reason, true);
    }
}
