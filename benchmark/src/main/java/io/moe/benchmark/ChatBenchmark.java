package io.moe.benchmark;

import jakarta.json.Json;
import jakarta.json.JsonObject;

import java.net.http.HttpClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * End-to-end figures against the running server on the model simulator: an orchestrated request's wall time
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

    /**
     * Four expert calls and two searches, each delayed {@link #DELAY_MS} by the simulator: the request's wall time against
     * the bar (1.05 × the critical path + 15 ms), and the parallel stage's. A plan holds at most four tasks (spec),
     * so the four expert calls are two tasks of a template whose two categories each run two tier-1 models (a primary
     * and an {@code always}); the other two tasks are research tasks. Each request waits for the previous answer's
     * cache store, so that one request at a time is measured.
     */
    void parallelStage(int runs, String admin) throws InterruptedException {
        System.out.println("== Parallel stage (4 expert calls + 2 web searches, each delayed " + DELAY_MS + " ms by the simulator)");
        String template = "bench-parallel-" + UUID.randomUUID().toString().substring(0, 8);
        String templateId = BenchHttp.created(http, admin, key, "/api/expert-templates", templateOfTwoModelsPerCategory(template),
                java.util.regex.Pattern.compile("\"id\"\\s*:\\s*\"([^\"]+)\""));
        Percentiles wall = new Percentiles();
        Percentiles stage = new Percentiles();
        Map<String, Percentiles> stages = new LinkedHashMap<>();
        int expertCalls = 0;
        int searches = 0;
        try {
            for (int run = 0; run < runs; run++) {
                String marker = "bench" + UUID.randomUUID().toString().replaceAll("[^a-f]", "");
                List<String> rules = new ArrayList<>();
                rules.add(BenchHttp.addRule(http, simulator, "{\"match\":{\"role\":\"planner\",\"contains\":\"" + marker + "\"},\"action\":{\"content\":"
                        + Json.createValue(plan(marker)) + "}}"));
                rules.add(BenchHttp.addRule(http, simulator, "{\"match\":{\"role\":\"expert\",\"contains\":\"" + marker + "\"},\"action\":{\"latency_ms\":" + DELAY_MS + "}}"));
                rules.add(BenchHttp.addRule(http, simulator, "{\"match\":{\"role\":\"search\",\"contains\":\"" + marker + "\"},\"action\":{\"latency_ms\":" + DELAY_MS + "}}"));
                try {
                    long t = System.nanoTime();
                    JsonObject answer = calls.chat(template, Questions.random() + " Two parts and two searches " + marker, 0);
                    wall.add((System.nanoTime() - t) / 1e6);
                    JsonObject trace = calls.trace(answer.getString("id"), true);
                    stage.add(Math.max(OrchestratorCalls.stageMs(trace, "experts"), OrchestratorCalls.stageMs(trace, "research")));
                    for (JsonObject s : trace.getJsonArray("stages").getValuesAs(JsonObject.class)) {
                        stages.computeIfAbsent(s.getString("stage"), k -> new Percentiles()).add(s.getJsonNumber("ms").doubleValue());
                    }
                    expertCalls = trace.getJsonArray("experts").size();
                    searches = trace.containsKey("research") ? trace.getJsonArray("research").size() : 0;
                } finally {
                    rules.forEach(id -> BenchHttp.removeRule(http, simulator, id));
                }
            }
        } finally {
            BenchHttp.send(http, java.net.http.HttpRequest.newBuilder(java.net.URI.create(admin + "/api/expert-templates/" + templateId))
                    .header("Authorization", "Bearer " + key).DELETE().build());
        }
        double bar = 1.05 * DELAY_MS + 15;
        System.out.printf(Locale.ROOT, "last request: %d expert calls, %d searches%n", expertCalls, searches);
        System.out.printf(Locale.ROOT, "request wall time %s; the issue's bar 1.05 × %d ms + 15 ms = %.0f ms "
                + "(the planner's, the thinking step's and the judge's own calls count against the 15 ms)%n", wall.summary(), DELAY_MS, bar);
        Percentiles own = new Percentiles();
        for (int i = 0; i < 20; i++) {
            own.add(BenchHttp.askSimulator(http, simulator, Questions.random()));
        }
        // four model calls in a row: planner, an expert (delayed), thinking, judge; the searches run beside the experts
        double critical = DELAY_MS + 4 * own.at(50);
        System.out.printf(Locale.ROOT, "the same formula on this machine's critical path (the %d ms delay plus the simulator's own "
                + "answer time, p50 %.1f ms asked directly, for each of the 4 model calls in a row: planner, expert, thinking, judge): "
                + "%.0f ms, so 1.05 × %.0f + 15 = %.0f ms; the request's p50 is %.0f ms over the critical path%n",
                DELAY_MS, own.at(50), critical, critical, 1.05 * critical + 15, wall.at(50) - critical);
        StringBuilder each = new StringBuilder();
        stages.forEach((name, ms) -> each.append(name).append(' ').append(String.format(Locale.ROOT, "%.0f", ms.at(50))).append(", "));
        System.out.println("stages, p50 ms: " + each.substring(0, Math.max(0, each.length() - 2)));
        System.out.printf(Locale.ROOT, "parallel stage (slowest branch) p50 %.0f ms = %.2f × the %d ms delay (1.00 is perfect overlap; "
                + "sequential would be %.2f)%n", stage.at(50), stage.at(50) / DELAY_MS, DELAY_MS, 6.0);
    }

    /** Two categories with two tier-1 models each: one task of either category makes two expert calls. */
    private static String templateOfTwoModelsPerCategory(String name) {
        String twoModels = "{\"system_prompt\":\"You are an expert. Answer the part you are given.\",\"models\":["
                + "{\"model\":\"sim-general:8b\",\"endpoint\":\"local\",\"role\":\"primary\"},"
                + "{\"model\":\"sim-expert:14b\",\"endpoint\":\"local\",\"role\":\"always\"}]}";
        return "{\"name\":\"" + name + "\",\"planner_model\":\"sim-planner:7b@local\",\"judge_model\":\"sim-judge:32b@local\","
                + "\"experts\":{\"general\":" + twoModels + ",\"science\":" + twoModels + "}}";
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
                + "{\"task\":\"Find news " + marker + "\",\"category\":\"research\",\"search_query\":\"news " + marker + "\"},"
                + "{\"task\":\"Find history " + marker + "\",\"category\":\"research\",\"search_query\":\"history " + marker + "\"}]";
    }

    private static String task(String task, String category) {
        return "{\"task\":\"" + task + "\",\"category\":\"" + category + "\"}";
    }
}
