package io.moe.benchmark;

import java.util.Locale;

/**
 * A fixed single-threaded piece of integer work timed on this machine, printed before the figures, so that figures
 * from machines (or days) of different speed can be told apart: every latency and throughput the benchmark prints
 * scales with it.
 */
final class MachineSpeed {

    private static final long STEPS = 200_000_000L;
    /** Where each round's result goes, so that the compiler cannot drop the work. */
    private static volatile long sink;

    private MachineSpeed() {
    }

    static void print() {
        double best = Double.MAX_VALUE;
        for (int round = 0; round < 5; round++) {
            long t = System.nanoTime();
            sink = work();
            best = Math.min(best, (System.nanoTime() - t) / 1e6);
        }
        System.out.printf(Locale.ROOT, "== This machine: %d steps of a xorshift generator on one thread in %.0f ms (best of 5; "
                + "the figures below scale with it)%n", STEPS, best);
    }

    /** Marsaglia's xorshift64: work the compiler can neither skip nor vectorise, with no memory traffic. */
    private static long work() {
        long x = 88172645463325252L;
        long sum = 0;
        for (long i = 0; i < STEPS; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
            sum += x & 1;
        }
        return sum;
    }
}
