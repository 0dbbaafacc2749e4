package io.moe.domain.pipeline;

/**
 * What one expert model said about one subtask, with its tier and self-reported confidence; {@code cutAtLimit}: the
 * model stopped at the call's token limit; {@code truncated}: the text was cut to {@link #MAX_CHARS} here.
 */
public record ExpertResult(String category, String task, String model, int tier, Confidence confidence, String text,
                           boolean failed, boolean cutAtLimit, boolean truncated) {

    /** Each expert output is capped at this many characters (about 600 tokens). */
    public static final int MAX_CHARS = 2400;

    public ExpertResult {
        truncated = truncated || text != null && text.length() > MAX_CHARS;
        text = text == null ? "" : text.length() > MAX_CHARS ? text.substring(0, MAX_CHARS) : text;
    }

    /** Whether the text ends where a length limit stopped it rather than where the model finished. */
    public boolean cut() {
        return cutAtLimit || truncated;
    }

    public static ExpertResult of(String category, String task, String model, int tier, String output) {
        return of(category, task, model, tier, output, false);
    }

    /** {@code cutAtLimit}: the model stopped at the call's token limit. */
    public static ExpertResult of(String category, String task, String model, int tier, String output, boolean cutAtLimit) {
        return new ExpertResult(category, task, model, tier, Confidence.of(output), output, false, cutAtLimit, false);
    }

    public static ExpertResult failure(String category, String task, String model, int tier, String reason) {
        return new ExpertResult(category, task, model, tier, Confidence.NIEDRIG, reason, true, false, false);
    }
}
