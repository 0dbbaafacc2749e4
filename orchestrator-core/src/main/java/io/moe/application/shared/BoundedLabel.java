package io.moe.application.shared;

import java.util.HashSet;
import java.util.Set;

/**
 * The values one metric label may take: those given up front, then the first {@code extra} others seen; every later
 * one counts as {@value #OTHER}. A label whose values can come from users (an own template's categories, the model a
 * grant lets a user name) cannot grow the metric registry, and the scrape, without bound.
 */
public final class BoundedLabel {

    public static final String OTHER = "other";

    private final Set<String> fixed;
    private final int extra;
    private final Set<String> seen = new HashSet<>();

    public BoundedLabel(Set<String> fixed, int extra) {
        this.fixed = Set.copyOf(fixed);
        this.extra = extra;
    }

    /** {@code value}, or {@value #OTHER} once {@code extra} values beyond the fixed ones were taken. */
    public String of(String value) {
        if (value == null) {
            return OTHER;
        }
        if (fixed.contains(value)) {
            return value;
        }
        synchronized (seen) {
            if (seen.contains(value) || seen.size() < extra && seen.add(value)) {
                return value;
            }
        }
        return OTHER;
    }
}
