package io.moe.it;

import java.time.Duration;
import java.util.function.Predicate;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.fail;

/** Asks again until an answer is as expected or the deadline passes: for what the service writes after it answered. */
public final class Poll {

    private Poll() {
    }

    /** The first value of {@code read} that satisfies {@code done}, asked every 50 ms for at most {@code within}. */
    public static <T> T until(Supplier<T> read, Predicate<T> done, Duration within, String what) {
        long deadline = System.nanoTime() + within.toNanos();
        T value = read.get();
        while (!done.test(value)) {
            if (System.nanoTime() > deadline) {
                fail(what + " did not happen within " + within.toSeconds() + " s; last seen: " + value);
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                fail("interrupted while waiting for: " + what);
            }
            value = read.get();
        }
        return value;
    }
}
