package io.moe.benchmark;

import jakarta.json.Json;
import jakarta.json.JsonObject;

import java.net.http.HttpClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * End-to-end figures against the running server on the model simulator: the parallel stage's wall time
 * against its critical path, and chat throughput with latency percentiles and the server's memory.
 */
final class ChatBenchmark {

    static final long DELAY_MS = 300;

    private final String orchestrator;
    private final String simulator;
    private final String key;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final OrchestratorCalls calls;

    ChatBenchmark(String orchestrator, String simulator, String key) {
        this.orchestrator = orchestrator;
        this.simulator = simulator;
        this.key = key;
        this.calls = new OrchestratorCalls(http, orchestrator, key);
    }

    /** Four experts and two searches, each delayed 300 ms by the simulator: how long does the parallel stage take? */
    void parallelStage(int runs) throws InterruptedException {
        System.out.println("== Parallel stage (4 experts + 2 web searches, each delayed " + DELAY_MS + " ms by the simulator)");
        Percentiles wall = new Percentiles();
        Percentiles stage = new Percentiles();
        for (int run = 0; run < runs; run++) {
            String marker = "bench" + UUID.randomUUID().toString().replaceAll("[^a-f]", "");
            List<String> rules = new ArrayList<>();
            rules.add(BenchHttp.addRule(http, simulator, "{\"match\":{\"role\":\"planner\",\"contains\":\"" + marker + "\"},\"action\":{\"content\":"
                    + Json.createValue(plan(marker)) + "}}"));
            rules.add(BenchHttp.addRule(http, simulator, "{\"match\":{\"role\":\"expert\",\"contains\":\"" + marker + "\"},\"action\":{\"latency_ms\":" + DELAY_MS + "}}"));
            rules.add(BenchHttp.addRule(http, simulator, "{\"match\":{\"role\":\"search\",\"contains\":\"" + marker + "\"},\"action\":{\"latency_ms\":" + DELAY_MS + "}}"));
            try {
                long t = System.nanoTime();
                JsonObject answer = calls.chat(Questions.random() + " Four parts and two searches " + marker);
                wall.add((System.nanoTime() - t) / 1e6);
                JsonObject trace = calls.trace(answer.getString("id"), false);
                long experts = OrchestratorCalls.stageMs(trace, "experts");
                long research = OrchestratorCalls.stageMs(trace, "research");
                stage.add(Math.max(experts, research));
            } finally {
                rules.forEach(id -> BenchHttp.removeRule(http, simulator, id));
            }
        }
        double critical = DELAY_MS;
        System.out.printf(Locale.ROOT, "request wall time %s%n", wall.summary());
        System.out.printf(Locale.ROOT, "parallel stage (slowest branch) p50 %.0f ms; critical path %.0f ms; sum of the six delays %d ms%n",
                stage.at(50), critical, 6 * DELAY_MS);
        System.out.printf(Locale.ROOT, "parallel stage ÷ critical path = %.2f (1.00 is perfect overlap; sequential would be %.2f)%n",
                stage.at(50) / critical, 6.0 * DELAY_MS / critical);
    }

    /** {@code total} chat requests with {@code concurrency} clients, each a different question. */
    void throughput(int total, int concurrency, long serverPid) throws Exception {
        System.out.println("== Chat throughput (" + total + " requests, " + concurrency + " concurrent clients, questions on random topics, simulator)");
        Percentiles latency = new Percentiles();
        AtomicInteger failed = new AtomicInteger();
        ExecutorService clients = Executors.newFixedThreadPool(concurrency);
        long start = System.nanoTime();
        List<Future<?>> done = new ArrayList<>();
        for (int i = 0; i < total; i++) {
            int n = i;
            done.add(clients.submit(() -> {
                long t = System.nanoTime();
                try {
                    calls.chat(Questions.random() + " (" + n + ")");
                    latency.add((System.nanoTime() - t) / 1e6);
                } catch (RuntimeException e) {
                    failed.incrementAndGet();
                }
            }));
        }
        for (Future<?> f : done) {
            f.get();
        }
        clients.shutdown();
        double seconds = (System.nanoTime() - start) / 1e9;
        System.out.printf(Locale.ROOT, "%.1f requests/s; latency %s; failed %d%n", total / seconds, latency.summary(), failed.get());
        if (serverPid > 0) {
            System.out.println("server memory: " + ProcessMemory.describe(serverPid));
        }
    }

    private static String plan(String marker) {
        return "[" + task("Part one " + marker, "general") + "," + task("Part two " + marker, "science") + ","
                + task("Part three " + marker, "translation") + "," + task("Part four " + marker, "data_analyst") + ","
                + "{\"task\":\"Find news " + marker + "\",\"category\":\"research\",\"search_query\":\"news " + marker + "\"},"
                + "{\"task\":\"Find history " + marker + "\",\"category\":\"research\",\"search_query\":\"history " + marker + "\"}]";
    }

    private static String task(String task, String category) {
        return "{\"task\":\"" + task + "\",\"category\":\"" + category + "\"}";
    }
}
