package io.moe.infrastructure.llm;

import io.moe.devservices.TestStores;
import jakarta.json.Json;
import jakarta.json.JsonObject;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The shared model simulator's rules for one test (removed again on close) and its call log. */
final class SimulatorScript implements AutoCloseable {

    private final String url = TestStores.shared().simulatorUrl();
    private final HttpClient http = HttpClient.newHttpClient();
    private final List<String> rules = new ArrayList<>();

    /** Calls to {@code model} get {@code action} (for example {@code {"latency_ms": 300}} or {@code {"fault": "stall"}}). */
    void forModel(String model, JsonObject action) {
        String rule = Json.createObjectBuilder().add("match", Json.createObjectBuilder().add("model", model))
                .add("action", action).build().toString();
        HttpResponse<String> r = send(HttpRequest.newBuilder(URI.create(url + "/_sim/rules"))
                .POST(HttpRequest.BodyPublishers.ofString(rule)).header("Content-Type", "application/json").build());
        assertEquals(201, r.statusCode(), r.body());
        rules.add(Json.createReader(new StringReader(r.body())).readObject().getString("id"));
    }

    /** The simulator's call log: each call's model and start ({@code at}). */
    List<JsonObject> calls() {
        HttpResponse<String> r = send(HttpRequest.newBuilder(URI.create(url + "/_sim/calls")).build());
        return Json.createReader(new StringReader(r.body())).readObject().getJsonArray("calls").getValuesAs(JsonObject.class);
    }

    @Override
    public void close() {
        for (String id : rules) {
            send(HttpRequest.newBuilder(URI.create(url + "/_sim/rules/" + id)).DELETE().build());
        }
    }

    private HttpResponse<String> send(HttpRequest request) {
        try {
            return http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while asking the simulator", e);
        }
    }
}
