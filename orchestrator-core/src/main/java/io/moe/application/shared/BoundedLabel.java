package io.moe.application.shared;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The values one metric label may take: those given up front, then the first {@code extra} others seen; every later
 * one counts as {@value #OTHER}. A label whose values can come from users (an own template's categories, the model a
 * grant lets a user name) cannot grow the metric registry, and the scrape, without bound.
 */
public final class BoundedLabel {

    public static final String OTHER = "other";

    private final Set<String> fixed;
    private final int extra;
    private final Set<String> seen = ConcurrentHashMap.newKeySet(); // read without a lock: metrics count on every request

    public BoundedLabel(Set<String> fixed, int extra) {
        this.fixed = Set.copyOf(fixed);
        this.extra = extra;
    }

    /** {@code value}, or {@value #OTHER} once {@code extra} values beyond the fixed ones were taken. */
    public String of(String value) {
        if (value == null) {
            return OTHER;
        }
        if (fixed.contains(value) || seen.contains(value)) {
            return value;
        }
        synchronized (seen) { // only a value not seen yet takes the lock, so the bound holds exactly
            if (seen.contains(value) || seen.size() < extra && seen.add(value)) {
                return value;
            }
        }
        return OTHER;
    }
}
