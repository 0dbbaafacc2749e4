package io.moe.benchmark;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/** Collected durations in milliseconds and their percentiles. */
final class Percentiles {

    private final List<Double> millis = Collections.synchronizedList(new ArrayList<>());

    void add(double ms) {
        millis.add(ms);
    }

    double at(double percentile) {
        List<Double> sorted;
        synchronized (millis) {
            sorted = new ArrayList<>(millis);
        }
        Collections.sort(sorted);
        if (sorted.isEmpty()) {
            return Double.NaN;
        }
        int index = (int) Math.ceil(percentile / 100.0 * sorted.size()) - 1;
        return sorted.get(Math.max(0, Math.min(sorted.size() - 1, index)));
    }

    int count() {
        return millis.size();
    }

    String summary() {
        return String.format(Locale.ROOT, "p50 %.1f ms, p95 %.1f ms, p99 %.1f ms (n=%d)", at(50), at(95), at(99), millis.size());
    }
}
