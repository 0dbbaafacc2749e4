package io.moe.benchmark;

import java.time.Duration;
import java.util.List;

/**
 * Waits until processes of this machine are idle: together they used less than a tenth of a core in each of a number
 * of windows in a row, read from their CPU time ({@link ProcessHandle}). What ran before a figure (a bulk fill, a load
 * at concurrency, a start-up) leaves work behind — Lucene merges, journal flushes, the JIT — that would otherwise be
 * measured with it. A pid of 0 (not known) is left out.
 */
final class IdleWait {

    private final List<Long> pids;
    private final Duration window;
    private final int windows;
    private final Duration limit;

    IdleWait(List<Long> pids, Duration window, int windows, Duration limit) {
        this.pids = pids.stream().filter(p -> p > 0).toList();
        this.window = window;
        this.windows = windows;
        this.limit = limit;
    }

    /** Waits (at most the limit) until the processes were idle for the windows in a row; answers the seconds waited. */
    double await() throws InterruptedException {
        long start = System.nanoTime();
        long deadline = start + limit.toNanos();
        Duration before = cpu();
        int idle = 0;
        while (idle < windows && System.nanoTime() < deadline) {
            Thread.sleep(window.toMillis());
            Duration now = cpu();
            idle = now.minus(before).toMillis() < window.toMillis() / 10 ? idle + 1 : 0;
            before = now;
        }
        return (System.nanoTime() - start) / 1e9;
    }

    private Duration cpu() {
        return pids.stream().map(pid -> ProcessHandle.of(pid).flatMap(p -> p.info().totalCpuDuration()).orElse(Duration.ZERO))
                .reduce(Duration.ZERO, Duration::plus);
    }
}
