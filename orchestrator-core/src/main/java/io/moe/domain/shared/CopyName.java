package io.moe.domain.shared;

/**
 * The name of the {@code n}-th copy of an item named {@code source}: {@code "<source> (copy)"}, then {@code "(copy 2)"}…,
 * the source shortened so the copy's name stays within {@code maxLength} (a limit the user, who chose no name, cannot
 * change).
 */
public final class CopyName {

    private CopyName() {
    }

    public static String of(String source, int n, int maxLength) {
        String suffix = n == 1 ? " (copy)" : " (copy " + n + ")";
        return shortened(source, suffix, maxLength) + suffix;
    }

    /** {@code source} shortened so that {@code suffix} still fits after it within {@code maxLength}. */
    public static String shortened(String source, String suffix, int maxLength) {
        return source.substring(0, Math.min(source.length(), maxLength - suffix.length())).strip();
    }
}
