package io.moe.benchmark;

import jakarta.json.Json;
import jakarta.json.JsonObject;

import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** The orchestrator calls the chat benchmarks make: a plain chat answer, its provenance trace, a stage's time in it. */
final class OrchestratorCalls {

    private final HttpClient http;
    private final String orchestrator;
    private final String key;

    OrchestratorCalls(HttpClient http, String orchestrator, String key) {
        this.http = http;
        this.orchestrator = orchestrator;
        this.key = key;
    }

    /** The answer of {@code moe-orchestrator} to {@code question}; fails on anything but a 200. */
    JsonObject chat(String question) {
        return chat("moe-orchestrator", question, 0);
    }

    /** The answer of {@code model} to {@code question}, with {@code maxTokens} when above 0; fails on anything but a 200. */
    JsonObject chat(String model, String question, int maxTokens) {
        var request = Json.createObjectBuilder().add("model", model)
                .add("messages", Json.createArrayBuilder().add(Json.createObjectBuilder().add("role", "user").add("content", question)));
        if (maxTokens > 0) {
            request.add("max_tokens", maxTokens);
        }
        String body = request.build().toString();
        HttpResponse<String> r = BenchHttp.send(http, HttpRequest.newBuilder(URI.create(orchestrator + "/v1/chat/completions"))
                .header("Authorization", "Bearer " + key).header("Content-Type", "application/json")
                .timeout(Duration.ofMinutes(5)).POST(HttpRequest.BodyPublishers.ofString(body)).build());
        if (r.statusCode() != 200) {
            throw new IllegalStateException(model + " answered " + r.statusCode() + ": " + r.body());
        }
        return Json.createReader(new StringReader(r.body())).readObject();
    }

    /**
     * The answer's trace, polled for at most 10 s; with {@code cacheSettled}, once its answer is no longer on its way
     * into the semantic cache (so that asking again is a hit).
     */
    JsonObject trace(String id, boolean cacheSettled) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        JsonObject trace = null;
        while (System.nanoTime() < deadline) {
            HttpResponse<String> r = BenchHttp.send(http, HttpRequest.newBuilder(URI.create(orchestrator + "/v1/responses/" + id + "/trace"))
                    .header("Authorization", "Bearer " + key).GET().build());
            if (r.statusCode() == 200) {
                trace = Json.createReader(new StringReader(r.body())).readObject();
                if (!cacheSettled || !"pending".equals(trace.getString("cache_store", ""))) {
                    return trace;
                }
            }
            Thread.sleep(20); // polling until the after-answer work has stored the trace and the cache entry
        }
        if (trace == null) {
            throw new IllegalStateException("no trace for " + id);
        }
        return trace;
    }

    /** The milliseconds the trace gives the stage {@code name} (0 when it did not run). */
    static long stageMs(JsonObject trace, String name) {
        return trace.getJsonArray("stages").getValuesAs(JsonObject.class).stream()
                .filter(s -> s.getString("stage").equals(name)).mapToLong(s -> s.getJsonNumber("ms").longValue()).sum();
    }
}
