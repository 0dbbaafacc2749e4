package io.moe.benchmark;

import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

/**
 * The hot-path rows of the performance table, one request at a time on the simulator: a hard semantic-cache hit end to
 * end (embedding included), the cache and graph stages of a miss, one expert's stage over the simulator's own answer
 * time, and what the service adds to the first token of a judge's answer streamed as it is written.
 */
final class StageFiguresBenchmark {

    private final String orchestrator;
    private final String simulator;
    private final String key;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private final OrchestratorCalls calls;

    StageFiguresBenchmark(String orchestrator, String simulator, String key) {
        this.orchestrator = orchestrator;
        this.simulator = simulator;
        this.key = key;
        this.calls = new OrchestratorCalls(http, orchestrator, key);
    }

    /** {@code warmUp}: questions asked first (each twice: a miss, then a hit) and not counted, for a server just started. */
    void run(int questions, int warmUp) throws Exception {
        for (int i = 0; i < warmUp; i++) {
            // not like the measured questions: the cache would answer those from the warm-up's entries
            String question = "Warm-up request " + i + ": " + UUID.randomUUID();
            calls.chat(question);
            calls.chat(question);
        }
        System.out.println("== Hot path, one request at a time (" + questions + " unique questions; targets from the performance issue)");
        Percentiles miss = new Percentiles();
        Percentiles cacheStage = new Percentiles();
        Percentiles graphStage = new Percentiles();
        Percentiles expertOver = new Percentiles();
        Percentiles hit = new Percentiles();
        Percentiles simulatorOwn = new Percentiles();
        for (int i = 0; i < 20; i++) {
            BenchHttp.askSimulator(http, simulator, "Warm up " + i);
        }
        int notMissed = 0;
        List<String> asked = new ArrayList<>();
        for (int i = 0; i < questions; i++) {
            String question = Questions.random() + " (" + UUID.randomUUID().toString().substring(0, 8) + ")";
            long t = System.nanoTime();
            JsonObject answer = calls.chat(question);
            double wall = (System.nanoTime() - t) / 1e6;
            JsonObject trace = calls.trace(answer.getString("id"), true);
            if (!trace.getJsonObject("cache").getString("path", "").equals("miss")) {
                notMissed++; // a question close enough to an earlier one: not a miss to measure
                continue;
            }
            miss.add(wall);
            cacheStage.add(OrchestratorCalls.stageMs(trace, "cache"));
            graphStage.add(OrchestratorCalls.stageMs(trace, "graph"));
            simulatorOwn.add(BenchHttp.askSimulator(http, simulator, question));
            if (trace.getJsonArray("experts").size() == 1) {
                expertOver.add(OrchestratorCalls.stageMs(trace, "experts") - simulatorOwn.at(50));
            }
            t = System.nanoTime();
            JsonObject again = calls.chat(question);
            hit.add((System.nanoTime() - t) / 1e6);
            String path = calls.trace(again.getString("id"), false).getJsonObject("cache").getString("path", "");
            if (!path.equals("hard")) {
                System.out.println("  (a repeated question was not a hard hit: " + path + ")");
            }
            asked.add(question);
        }
        Percentiles quietHit = new Percentiles();
        for (String question : asked) { // once more, now that the misses' after-answer work has had time to finish
            long at = System.nanoTime();
            calls.chat(question);
            quietHit.add((System.nanoTime() - at) / 1e6);
        }
        if (notMissed > 0) {
            System.out.println("  (" + notMissed + " of the random questions were close to earlier ones and not counted)");
        }
        System.out.printf(Locale.ROOT, "a miss, end to end: %s%n", miss.summary());
        System.out.printf(Locale.ROOT, "a hard cache hit, end to end: p50 %.1f ms, p90 %.1f ms right after its miss (whose after-answer "
                + "work still runs); p50 %.1f ms, p90 %.1f ms on a quieter server (target p50 <= 20 ms)%n",
                hit.at(50), hit.at(90), quietHit.at(50), quietHit.at(90));
        System.out.printf(Locale.ROOT, "cache stage of a miss: p50 %.0f ms (target <= 15 ms)%n", cacheStage.at(50));
        System.out.printf(Locale.ROOT, "graph context stage: p50 %.0f ms (target <= 10 ms)%n", graphStage.at(50));
        System.out.printf(Locale.ROOT, "one expert's stage over the simulator's own answer time (p50 %.1f ms): p50 %.0f ms (target <= 5 ms, n=%d)%n",
                simulatorOwn.at(50), expertOver.at(50), expertOver.count());
        streamed();
    }

    /**
     * A streamed answer the judge writes slowly (the simulator scripted: experts unsure, so the judge merges; the judge
     * writes 20 characters every 50 ms), then one a single sure expert writes slowly (rule 7's fast path: no judge), in
     * agent mode, whose form holds back nothing but a possible confidence marker: the time from the model's first token
     * leaving the simulator to the client's first content chunk, which is what the service adds, and when the first and
     * last chunks arrive.
     */
    private void streamed() throws Exception {
        streamed("judge");
        streamed("expert");
    }

    /** The figures of one model writing the streamed answer: the judge, or the one sure expert of the fast path. */
    private void streamed(String writer) throws Exception {
        boolean judge = writer.equals("judge");
        // the fast path's question has no word of 12 letters or more: the simulator's extraction makes graph facts of such
        // words once an answer is ingested, and graph facts send the next question with the same marker to the judge
        String marker = (judge ? "judgestream" : "fp") + UUID.randomUUID().toString().substring(0, 8);
        String answer = "Streaming sends each piece of the answer as the model writes it, so the reader starts at once. ".repeat(4);
        List<String> rules = new ArrayList<>();
        if (judge) {
            rules.add(BenchHttp.addRule(http, simulator, Json.createObjectBuilder()
                    .add("match", Json.createObjectBuilder().add("role", "expert").add("contains", marker))
                    .add("action", Json.createObjectBuilder().add("content", "Pieces as they come.").add("confidence", "mittel")).build().toString()));
        }
        rules.add(BenchHttp.addRule(http, simulator, Json.createObjectBuilder()
                .add("match", Json.createObjectBuilder().add("role", writer).add("contains", marker))
                .add("action", Json.createObjectBuilder().add("content", answer).add("confidence", judge ? "none" : "hoch").add("chunk_delay_ms", 50))
                .build().toString()));
        Percentiles first = new Percentiles();
        Percentiles last = new Percentiles();
        Map<String, Instant> firstChunks = new HashMap<>();
        try {
            for (int i = 0; i < 10; i++) {
                String question = judge ? Questions.random() + " " + marker + " " + UUID.randomUUID() // a miss: no cached answer
                        : Questions.randomWithShortWords(11) + " " + marker + " " + UUID.randomUUID().toString().substring(0, 8);
                String body = Json.createObjectBuilder().add("model", "moe-orchestrator-agent").add("stream", true)
                        .add("messages", Json.createArrayBuilder().add(Json.createObjectBuilder().add("role", "user")
                                .add("content", question))).build().toString();
                long t = System.nanoTime();
                HttpResponse<InputStream> r = http.send(post("/v1/chat/completions", body), HttpResponse.BodyHandlers.ofInputStream());
                double firstMs = Double.NaN;
                double lastMs = Double.NaN;
                boolean panelClosed = false;
                try (BufferedReader lines = new BufferedReader(new InputStreamReader(r.body(), StandardCharsets.UTF_8))) {
                    for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                        if (!line.startsWith("data: {") || !line.contains("\"content\":\"") || line.contains("\"content\":\"\"")) {
                            continue;
                        }
                        if (!panelClosed) {
                            panelClosed = line.contains("</think>");
                            continue;
                        }
                        double now = (System.nanoTime() - t) / 1e6;
                        if (Double.isNaN(firstMs)) {
                            firstMs = now;
                            firstChunks.put(question, Instant.now());
                        }
                        lastMs = now;
                    }
                }
                if (!Double.isNaN(firstMs)) {
                    first.add(firstMs);
                    last.add(lastMs);
                }
            }
            for (int i = 0; i < 10; i++) { // the same client on the judge's stream straight from the simulator
                String question = marker + " direct " + UUID.randomUUID();
                String body = Json.createObjectBuilder().add("model", "sim-general:8b").add("stream", true)
                        .add("messages", Json.createArrayBuilder()
                                .add(Json.createObjectBuilder().add("role", "system").add("content", judge ? "You are the judge."
                                        : "You are a specialist expert. Begin your answer with exactly one line 'KONFIDENZ: hoch'."))
                                .add(Json.createObjectBuilder().add("role", "user").add("content", question))).build().toString();
                HttpResponse<InputStream> r = http.send(HttpRequest.newBuilder(URI.create(simulator + "/v1/chat/completions"))
                        .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                        HttpResponse.BodyHandlers.ofInputStream());
                try (BufferedReader lines = new BufferedReader(new InputStreamReader(r.body(), StandardCharsets.UTF_8))) {
                    for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                        if (line.startsWith("data: {") && line.contains("\"content\":\"") && !line.contains("\"content\":\"\"")
                                && !firstChunks.containsKey(question)) {
                            firstChunks.put(question, Instant.now());
                        }
                    }
                }
            }
        } finally {
            for (String rule : rules) {
                BenchHttp.removeRule(http, simulator, rule);
            }
        }
        Percentiles viaService = new Percentiles();
        Percentiles direct = new Percentiles();
        JsonArray recorded = Json.createReader(new StringReader(BenchHttp.send(http, HttpRequest.newBuilder(
                URI.create(simulator + "/_sim/calls")).GET().build()).body())).readObject().getJsonArray("calls");
        for (JsonObject call : recorded.getValuesAs(JsonObject.class)) {
            Instant client = firstChunks.entrySet().stream().filter(e -> call.getString("user", "").contains(e.getKey()))
                    .map(Map.Entry::getValue).findFirst().orElse(null);
            if (client != null && call.getString("role", "").equals(writer)) {
                double ms = Duration.between(Instant.parse(call.getString("at")), client).toNanos() / 1e6;
                (call.getString("user", "").contains(" direct ") ? direct : viaService).add(ms);
            }
        }
        System.out.printf(Locale.ROOT, "streamed %s answer (agent mode, the %s writing 20 characters every 50 ms): first content chunk "
                + "p50 %.1f ms after the %s's first token through the service, %.1f ms straight from the simulator: added %.1f ms "
                + "(target <= 5 ms, n=%d/%d); first chunk p50 %.0f ms, last p50 %.0f ms after the request%n",
                judge ? "judge" : "fast-path (one sure expert)", writer, viaService.at(50), writer, direct.at(50),
                viaService.at(50) - direct.at(50), viaService.count(), direct.count(), first.at(50), last.at(50));
    }

    private HttpRequest post(String path, String body) {
        return HttpRequest.newBuilder(URI.create(orchestrator + path)).timeout(Duration.ofMinutes(2))
                .header("Authorization", "Bearer " + key).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build();
    }
}
