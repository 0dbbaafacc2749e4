package io.moe.benchmark;

import jakarta.json.Json;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

/** The HTTP steps several benchmarks share: a request whose failure stops the benchmark, and simulator rules. */
final class BenchHttp {

    private BenchHttp() {
    }

    static HttpResponse<String> send(HttpClient http, HttpRequest request) {
        try {
            return http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** POSTs {@code body} to the admin API as its admin and answers the first group of {@code field} in the 201 answer. */
    static String created(HttpClient http, String admin, String adminKey, String path, String body, java.util.regex.Pattern field) {
        HttpResponse<String> r = send(http, HttpRequest.newBuilder(URI.create(admin + path)).timeout(java.time.Duration.ofSeconds(30))
                .header("Content-Type", "application/json").header("Authorization", "Bearer " + adminKey)
                .POST(HttpRequest.BodyPublishers.ofString(body)).build());
        java.util.regex.Matcher m = field.matcher(r.body());
        if (r.statusCode() != 201 || !m.find()) {
            throw new IllegalStateException("POST " + path + " answered " + r.statusCode() + ": " + r.body());
        }
        return m.group(1);
    }

    /** Adds a rule ({@code POST /_sim/rules}) to the simulator; answers its id. */
    static String addRule(HttpClient http, String simulator, String json) {
        HttpResponse<String> r = send(http, HttpRequest.newBuilder(URI.create(simulator + "/_sim/rules"))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(json)).build());
        return Json.createReader(new StringReader(r.body())).readObject().getString("id");
    }

    static void removeRule(HttpClient http, String simulator, String id) {
        send(http, HttpRequest.newBuilder(URI.create(simulator + "/_sim/rules/" + id)).DELETE().build());
    }

    /** One chat completion asked of the simulator itself, as a model server's client would; answers its time in ms. */
    static double askSimulator(HttpClient http, String simulator, String question) {
        String body = Json.createObjectBuilder().add("model", "sim-general:8b").add("max_tokens", 256)
                .add("messages", Json.createArrayBuilder().add(Json.createObjectBuilder().add("role", "user").add("content", question)))
                .build().toString();
        long t = System.nanoTime();
        send(http, HttpRequest.newBuilder(URI.create(simulator + "/v1/chat/completions"))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build());
        return (System.nanoTime() - t) / 1e6;
    }
}
