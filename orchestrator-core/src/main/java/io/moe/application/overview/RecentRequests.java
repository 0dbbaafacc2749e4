package io.moe.application.overview;

import jakarta.enterprise.context.ApplicationScoped;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The answers this node gave in the last {@link #WINDOW} (at most {@link #CAPACITY}), for the monitoring page:
 * requests per minute, latency percentiles and tokens by model. Kept in memory
 * per node (the usage log in PostgreSQL is the service-wide record); a restart starts an empty window. Tokens
 * are counted per model that answered (a pipeline request spreads over its planner, experts and judge).
 */
@ApplicationScoped
public class RecentRequests {

    static final Duration WINDOW = Duration.ofMinutes(15);
    static final int CAPACITY = 20_000;

    /** One answer: when it finished, how long it took, the tokens of each model that worked on it, whether it failed. */
    public record Sample(long atMillis, long millis, Map<String, Long> tokensByModel, boolean failed) {
    }

    /** Latency percentiles in milliseconds over the window (0 when it is empty). */
    public record Latency(long p50, long p90, long p99, long max) {
    }

    /**
     * What the window shows: requests per minute (oldest minute first, the current minute last), the latency
     * percentiles, tokens by model (most first), and the failed answers.
     */
    public record Summary(long[] perMinute, Latency latency, Map<String, Long> tokensByModel, long requests, long failed) {

        public List<Long> perMinuteList() {
            return Arrays.stream(perMinute).boxed().toList();
        }
    }

    private final ArrayDeque<Sample> samples = new ArrayDeque<>();
    private final Clock clock;

    public RecentRequests() {
        this(Clock.systemUTC());
    }

    RecentRequests(Clock clock) {
        this.clock = clock;
    }

    /** Records a request that just finished, answered or failed, with the tokens each model spent on it. */
    public void record(long millis, Map<String, Long> tokensByModel, boolean failed) {
        Sample sample = new Sample(clock.millis(), Math.max(0, millis), Map.copyOf(tokensByModel), failed);
        synchronized (samples) {
            samples.addLast(sample);
            while (samples.size() > CAPACITY) {
                samples.removeFirst();
            }
        }
    }

    public Summary summary() {
        long now = clock.millis();
        long from = now - WINDOW.toMillis();
        List<Sample> window;
        synchronized (samples) {
            while (!samples.isEmpty() && samples.peekFirst().atMillis() < from) {
                samples.removeFirst();
            }
            window = List.copyOf(samples);
        }
        int minutes = (int) WINDOW.toMinutes();
        long[] perMinute = new long[minutes];
        long currentMinute = now / 60_000;
        long[] latencies = new long[window.size()];
        Map<String, Long> tokens = new TreeMap<>();
        long failed = 0;
        for (int i = 0; i < window.size(); i++) {
            Sample s = window.get(i);
            int age = (int) (currentMinute - s.atMillis() / 60_000);
            if (age >= 0 && age < minutes) {
                perMinute[minutes - 1 - age]++;
            }
            latencies[i] = s.millis();
            s.tokensByModel().forEach((model, n) -> tokens.merge(model, n, Long::sum));
            failed += s.failed() ? 1 : 0;
        }
        Arrays.sort(latencies);
        Latency latency = new Latency(percentile(latencies, 50), percentile(latencies, 90), percentile(latencies, 99),
                latencies.length == 0 ? 0 : latencies[latencies.length - 1]);
        return new Summary(perMinute, latency, byValue(tokens), window.size(), failed);
    }

    /** The nearest-rank percentile of sorted {@code values}. */
    static long percentile(long[] sorted, int p) {
        if (sorted.length == 0) {
            return 0;
        }
        int rank = (int) Math.ceil(p / 100.0 * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length, rank) - 1)];
    }

    private static Map<String, Long> byValue(Map<String, Long> map) {
        Map<String, Long> sorted = new LinkedHashMap<>();
        map.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                .forEach(e -> sorted.put(e.getKey(), e.getValue()));
        return sorted;
    }
}
