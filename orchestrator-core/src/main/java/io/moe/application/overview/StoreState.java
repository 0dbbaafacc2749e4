package io.moe.application.overview;

import io.moe.domain.shared.Failures;

import java.util.regex.Pattern;

/** Whether a store answered, how long it took, and why not when it did not (credentials in URLs masked). */
public record StoreState(String store, boolean up, String detail, long latencyMs) {

    private static final Pattern USER_INFO = Pattern.compile("//[^/@\\s]+@");
    private static final int MAX_DETAIL = 200;

    /** Runs {@code check} and times it; an exception makes the state down with its (masked, shortened) message. */
    public static StoreState measure(String store, Runnable check) {
        long start = System.nanoTime();
        try {
            check.run();
            return new StoreState(store, true, "answers", elapsedMs(start));
        } catch (RuntimeException e) {
            return new StoreState(store, false, reason(e), elapsedMs(start));
        }
    }

    /** The root cause of {@code e} in one short line, credentials in URLs masked. */
    public static String reason(Throwable e) {
        Throwable root = Failures.root(e);
        String text = root.getClass().getSimpleName() + (root.getMessage() == null ? "" : ": " + root.getMessage());
        text = USER_INFO.matcher(text).replaceAll("//***@");
        return text.length() > MAX_DETAIL ? text.substring(0, MAX_DETAIL) + "…" : text;
    }

    private static long elapsedMs(long start) {
        return (System.nanoTime() - start) / 1_000_000;
    }
}
