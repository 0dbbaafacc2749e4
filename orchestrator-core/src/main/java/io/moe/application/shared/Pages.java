package io.moe.application.shared;

import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Consumer;

/** Reading a list that a port serves in pages, one page in memory at a time. */
public final class Pages {

    private Pages() {
    }

    /** Hands each item to {@code each}, reading {@code read.apply(offset, size)} until a page comes back short. */
    public static <T> void each(BiFunction<Integer, Integer, List<T>> read, int size, Consumer<T> each) {
        for (int offset = 0; ; offset += size) {
            List<T> page = read.apply(offset, size);
            page.forEach(each);
            if (page.size() < size) {
                return;
            }
        }
    }

    /** The first {@code shown} of {@code names} joined by commas, and how many more there are ("a, b and 3 more"). */
    public static String firstOf(List<String> names, int shown) {
        return String.join(", ", names.subList(0, Math.min(shown, names.size())))
                + (names.size() > shown ? " and " + (names.size() - shown) + " more" : "");
    }
}
