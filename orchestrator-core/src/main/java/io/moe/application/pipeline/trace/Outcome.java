package io.moe.application.pipeline.trace;

/**
 * What a step decided, as the trace words it: a fixed word such as {@code judge} or {@code complete},
 * optionally followed by a detail ({@code failed: <why>}, {@code skipped: <why>}).
 */
public record Outcome(String word, String detail) {

    public static Outcome of(String word) {
        return new Outcome(word, null);
    }

    public static Outcome of(String word, String detail) {
        return new Outcome(word, detail);
    }

    public String text() {
        return detail == null ? word : word + ": " + detail;
    }
}
