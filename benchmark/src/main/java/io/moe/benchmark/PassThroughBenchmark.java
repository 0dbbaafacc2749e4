package io.moe.benchmark;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Native pass-through against the model simulator, side by side in one run: the simulator called
 * directly, through this service ({@code model@server}, metered: key check, budget, usage row, metrics),
 * and through the Portkey gateway proxying the same simulator (when it was started). Prints the latency
 * each adds over the direct call at concurrency 1 (p50, p99) and the throughput at concurrency 64.
 */
final class PassThroughBenchmark {

    /**
     * A warm-up round: calls made at concurrency 16 before any figure, so the server's hot code is compiled. A server
     * measured right after 20,000 calls still ran half its request path interpreted or in the first compiler tier (added
     * p50 1.1 ms; the same server 25,000 calls later 0.5 ms): rounds go on until a target's latency stops improving.
     */
    private static final int WARM_UP_ROUND = 10_000;
    /** At most this many warm-up rounds per target. */
    private static final int WARM_UP_ROUNDS = 8;
    /** A round that lowers the best one-at-a-time p50 by less than this share did not improve it. */
    private static final double STEADY = 0.03;
    /** Rounds in a row without improvement that end the warm-up: one such round alone is often the noise of 300 calls. */
    private static final int PATIENCE = 2;
    private static final String BODY = "{\"model\":\"%s\",\"max_tokens\":16,\"messages\":[{\"role\":\"user\",\"content\":\"Say hi %d\"}]}";

    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private final List<Target> targets = new ArrayList<>();
    private final IdleWait idle;

    /** One way to reach the simulator's chat completions. */
    private record Target(String name, String url, String model, String[] headers) {
    }

    /** {@code pids}: the server's and the store launcher's (0 when not known), idle before the figures. */
    PassThroughBenchmark(String orchestrator, String simulator, String key, String portkey, List<Long> pids) {
        this.idle = new IdleWait(pids, Duration.ofSeconds(2), 2, Duration.ofMinutes(2));
        targets.add(new Target("direct", simulator + "/v1/chat/completions", "sim-general:8b", new String[0]));
        targets.add(new Target("moe native", orchestrator + "/v1/chat/completions", "sim-general:8b@local",
                new String[] {"Authorization", "Bearer " + key}));
        if (portkey != null && !portkey.isBlank()) {
            targets.add(new Target("portkey", portkey + "/v1/chat/completions", "sim-general:8b", new String[] {
                    "Authorization", "Bearer unused", "x-portkey-provider", "openai",
                    "x-portkey-custom-host", simulator + "/v1"}));
        }
    }

    void run(int requests, int concurrency) throws Exception {
        System.out.println("== Native pass-through (a short completion from the model simulator)");
        List<String> warmUps = new ArrayList<>();
        for (Target t : targets) {
            send(t, 0); // fails early, with the reason, when a target does not answer
            warmUps.add(t.name() + " " + warmUp(t));
        }
        // the warm-up's after-work (usage rows, journal flushes, the JIT) and a start-up's would be measured with the figures
        System.out.printf(Locale.ROOT, "  (warmed up at concurrency 16 until one-at-a-time latency stopped improving: %s; "
                + "the server and the stores idle %.0f s later)%n", String.join(", ", warmUps), idle.await());
        for (Target t : targets) {
            for (int i = 0; i < 300; i++) {
                send(t, i); // then one at a time, as measured
            }
        }
        List<Percentiles> latencies = new ArrayList<>();
        for (Target t : targets) {
            latencies.add(oneAtATime(t, requests));
        }
        Percentiles direct = latencies.get(0);
        for (int i = 0; i < targets.size(); i++) {
            Percentiles p = latencies.get(i);
            System.out.printf(Locale.ROOT, "  %-11s concurrency 1: p50 %.3f ms, p99 %.3f ms%s%n", targets.get(i).name(),
                    p.at(50), p.at(99), i == 0 ? "" : String.format(Locale.ROOT, "  (adds p50 %.3f ms, p99 %.3f ms)",
                            p.at(50) - direct.at(50), p.at(99) - direct.at(99)));
        }
        for (Target t : targets) {
            System.out.printf(Locale.ROOT, "  %-11s concurrency %d: %.0f requests/s%n", t.name(), concurrency,
                    throughput(t, requests * 4, concurrency));
        }
    }

    /**
     * Rounds of {@value #WARM_UP_ROUND} calls at concurrency 16, each followed by 300 calls one at a time, until
     * {@value #PATIENCE} rounds in a row no longer lower the best p50 by {@value #STEADY} (or {@value #WARM_UP_ROUNDS}
     * rounds); says how many calls it took.
     */
    private String warmUp(Target t) throws Exception {
        double best = Double.MAX_VALUE;
        int rounds = 0;
        int withoutImprovement = 0;
        while (rounds < WARM_UP_ROUNDS && withoutImprovement < PATIENCE) {
            throughput(t, WARM_UP_ROUND, 16);
            rounds++;
            double p50 = oneAtATime(t, 300).at(50);
            withoutImprovement = p50 > best * (1 - STEADY) ? withoutImprovement + 1 : 0;
            best = Math.min(best, p50);
        }
        return String.format(Locale.ROOT, "%,d calls", rounds * (WARM_UP_ROUND + 300));
    }

    /** The latencies of {@code calls} calls to {@code t}, one at a time. */
    private Percentiles oneAtATime(Target t, int calls) throws Exception {
        Percentiles p = new Percentiles();
        for (int i = 0; i < calls; i++) {
            long start = System.nanoTime();
            send(t, i);
            p.add((System.nanoTime() - start) / 1e6);
        }
        return p;
    }

    private double throughput(Target t, int total, int concurrency) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(concurrency);
        AtomicInteger next = new AtomicInteger();
        try {
            long start = System.nanoTime();
            List<Future<?>> workers = new ArrayList<>();
            for (int w = 0; w < concurrency; w++) {
                workers.add(pool.submit(() -> {
                    for (int i; (i = next.getAndIncrement()) < total; ) {
                        send(t, i);
                    }
                    return null;
                }));
            }
            for (Future<?> w : workers) {
                w.get();
            }
            return total / ((System.nanoTime() - start) / 1e9);
        } finally {
            pool.shutdownNow();
        }
    }

    private void send(Target t, int i) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(t.url())).timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(String.format(Locale.ROOT, BODY, t.model(), i % 1000)));
        for (int h = 0; h < t.headers().length; h += 2) {
            request.header(t.headers()[h], t.headers()[h + 1]);
        }
        HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IllegalStateException(t.name() + " answered " + response.statusCode() + ": " + response.body());
        }
    }
}
