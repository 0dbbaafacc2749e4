package io.moe.benchmark;

import jakarta.json.Json;

import java.io.IOException;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.UUID;

/**
 * A hung store after its circuit breaker opened: what does a request still pay for it? Freezes, one at a time and with
 * SIGSTOP, the Redis of the service, PostgreSQL (the postmaster and its backends), and the relays bench.sh puts in front
 * of Kafka (the broker advertises it), Neo4j, the tool server and the search engine; keeps sending the requests that use
 * them until they are fast again (ten answers in a row within 20 ms of the usual time: the breakers opened, where the path
 * has one), then compares the median with the one before the freeze. Redis, PostgreSQL and Kafka are measured on native
 * pass-through (key check, admission, usage journal and audit event), Neo4j on an orchestrated question (semantic cache
 * and graph context), the tool server on a question whose plan holds a precision tool, the search engine on a research
 * question whose plan holds a web search.
 */
final class FrozenStoreBenchmark {

    private static final Duration OPENING_AT_MOST = Duration.ofMinutes(3);

    private final String simulator;
    private final Path data;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private final OrchestratorCalls calls;

    FrozenStoreBenchmark(String orchestrator, String simulator, String key, Path data) {
        this.simulator = simulator;
        this.data = data;
        this.calls = new OrchestratorCalls(http, orchestrator, key);
    }

    void run(int requests) throws Exception {
        System.out.println("== A frozen store after its circuit breaker opened (SIGSTOP; added median per request, target ≤ 5 ms)");
        // native answers longer than 150 characters: each is audited (moe.requests), so Kafka is on their path too
        String longAnswers = BenchHttp.addRule(http, simulator, "{\"match\":{\"contains\":\"frozenbench-native\"},\"action\":{\"content\":"
                + Json.createValue("A native answer long enough to be audited by the orchestrator. ".repeat(4)) + ",\"confidence\":\"none\"}}");
        try {
            frozen("Redis", pidIn(data.resolve("redis").resolve("redis.pid")), "native pass-through", this::nativeRequest, requests);
            frozen("PostgreSQL", postgres(), "native pass-through", this::nativeRequest, requests);
            frozen("Kafka", pidIn(data.resolve("relays").resolve("kafka.pid")), "native pass-through", this::nativeRequest, requests);
        } finally {
            BenchHttp.removeRule(http, simulator, longAnswers);
        }
        frozen("Neo4j", relayOnlyAlone("neo4j"), "an orchestrated question (semantic cache, graph context)",
                this::orchestratedRequest, Math.max(10, requests / 10));
        String tools = BenchHttp.addRule(http, simulator, "{\"match\":{\"role\":\"planner\",\"contains\":\"frozenbench-tools\"},"
                + "\"action\":{\"content\":" + Json.createValue("Here is my plan:\n```json\n[{\"task\":\"Explain multiplication\","
                + "\"category\":\"general\"},{\"task\":\"Compute 17 * 23\",\"category\":\"precision_tools\",\"mcp_tool\":\"calculate\","
                + "\"mcp_args\":{\"expression\":\"17 * 23\"}}]\n```") + "}}");
        try {
            frozen("the tool server", relayOnlyAlone("tools"), "a question with one precision tool",
                    this::toolRequest, Math.max(10, requests / 10));
        } finally {
            BenchHttp.removeRule(http, simulator, tools);
        }
        String rule = BenchHttp.addRule(http, simulator, "{\"match\":{\"role\":\"planner\",\"contains\":\"frozenbench\"},\"action\":{\"content\":"
                + Json.createValue("Here is my plan:\n```json\n[{\"task\":\"Explain the topic\",\"category\":\"general\"},"
                + "{\"task\":\"Find current news\",\"category\":\"research\",\"search_query\":\"latest news\"}]\n```") + "}}");
        try {
            frozen("the search engine", pidIn(data.resolve("relays").resolve("search.pid")), "a research question with one search",
                    this::researchRequest, Math.max(10, requests / 10));
        } finally {
            BenchHttp.removeRule(http, simulator, rule);
        }
    }

    /** The processes to freeze for a store, or a reason it cannot be measured. */
    private record Processes(List<Long> pids, String missing) {
    }

    private static Processes pidIn(Path pidFile) throws IOException {
        return Files.exists(pidFile) ? new Processes(List.of(Long.parseLong(Files.readString(pidFile).trim())), null)
                : new Processes(List.of(), "no process to freeze: " + pidFile);
    }

    /** The relay bench.sh puts in front of Neo4j or the tool server only when these figures run alone. */
    private Processes relayOnlyAlone(String name) throws IOException {
        Path pidFile = data.resolve("relays").resolve(name + ".pid");
        return Files.exists(pidFile) ? pidIn(pidFile) : new Processes(List.of(), "measured by BENCH_ONLY_FROZEN_STORES=1 ./bench.sh:"
                + " the relay in front of it is set up only then, since its extra hop would be in the hot path's figures");
    }

    /** PostgreSQL's postmaster (the first line of its own pid file) and every backend it started. */
    private Processes postgres() throws IOException {
        Path pidFile = data.resolve("postgres").resolve("postmaster.pid");
        if (!Files.exists(pidFile)) {
            return new Processes(List.of(), "no process to freeze: " + pidFile);
        }
        long postmaster = Long.parseLong(Files.readAllLines(pidFile).get(0).trim());
        return ProcessHandle.of(postmaster).map(p -> new Processes(java.util.stream.Stream.concat(java.util.stream.Stream.of(p),
                p.descendants()).map(ProcessHandle::pid).toList(), null)).orElse(new Processes(List.of(), "PostgreSQL is not running"));
    }

    private void frozen(String store, Processes processes, String what, Runnable request, int n) throws Exception {
        if (processes.missing() != null) {
            System.out.println(store + ": not measured (" + processes.missing() + ")");
            return;
        }
        sample(request, n); // warm-up: JIT, connections
        Percentiles before = sample(request, n);
        for (long pid : processes.pids()) {
            signal(pid, "STOP");
        }
        Percentiles during;
        int untilOpen = 0;
        long frozenAt = System.nanoTime();
        try {
            int fast = 0;
            while (fast < 10 && System.nanoTime() - frozenAt < OPENING_AT_MOST.toNanos()) {
                long t = System.nanoTime();
                request.run();
                fast = (System.nanoTime() - t) / 1e6 < before.at(50) + 20 ? fast + 1 : 0;
                untilOpen++;
            }
            during = sample(request, n);
        } finally {
            for (long pid : processes.pids()) {
                signal(pid, "CONT");
            }
        }
        double opened = (System.nanoTime() - frozenAt) / 1e9;
        System.out.printf(Locale.ROOT, "%s frozen, %s: p50 %.2f ms, p99 %.2f ms (before %.2f ms, %.2f ms): adds %.2f ms at the"
                        + " median; requests were as fast as before (breakers open, where the path has one) after %d requests and %.0f s%n",
                store, what, during.at(50), during.at(99), before.at(50), before.at(99), during.at(50) - before.at(50), untilOpen, opened);
        Thread.sleep(6_000); // a breaker tries again 5 s after it opened: let the store be used again before the next one
    }

    private Percentiles sample(Runnable request, int n) {
        Percentiles p = new Percentiles();
        for (int i = 0; i < n; i++) {
            long t = System.nanoTime();
            request.run();
            p.add((System.nanoTime() - t) / 1e6);
        }
        return p;
    }

    private void nativeRequest() {
        chat("sim-general:8b@local", "frozenbench-native say hi " + UUID.randomUUID());
    }

    // questions that differ in meaning: before the freeze they would otherwise be answered from the semantic cache, and
    // the figure would compare cache hits with the full pipeline

    private void orchestratedRequest() {
        chat("moe-orchestrator", "frozenbench-graph " + Questions.random() + " " + UUID.randomUUID());
    }

    private void toolRequest() {
        chat("moe-orchestrator", "frozenbench-tools " + Questions.random() + " " + UUID.randomUUID());
    }

    private void researchRequest() {
        chat("moe-orchestrator-research", "frozenbench what is new: " + Questions.random() + " " + UUID.randomUUID());
    }

    private void chat(String model, String question) {
        calls.chat(model, question, 128);
    }

    private static void signal(long pid, String signal) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-" + signal, String.valueOf(pid)).inheritIO().start();
        if (kill.waitFor() != 0) {
            throw new IllegalStateException("kill -" + signal + " " + pid + " failed");
        }
    }
}
