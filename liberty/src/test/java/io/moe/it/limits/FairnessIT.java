package io.moe.it.limits;

import io.moe.it.Simulator;
import jakarta.json.Json;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.locks.LockSupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Finding 10 of the security review: one key flooding slow requests cannot starve another key. */
class FairnessIT {

    static final int FLOOD = 12;

    @Test
    void oneKeyFloodingSlowRequestsGets429WhileAnotherKeyIsStillAnswered() {
        String[] flooder = Callers.newUser();
        String[] other = Callers.newUser();
        String slow = Callers.marker();
        String rule = Simulator.addRule(Callers.rule(slow, null, Json.createObjectBuilder().add("latency_ms", 6000).build()));
        try {
            HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            List<CompletableFuture<HttpResponse<String>>> flood = new ArrayList<>();
            for (int i = 0; i < FLOOD; i++) {
                flood.add(client.sendAsync(HttpRequest.newBuilder(URI.create(Callers.CHAT)).timeout(Duration.ofSeconds(180))
                        .header("Authorization", "Bearer " + flooder[1]).header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(Callers.body("Question " + i + " on " + slow))).build(),
                        HttpResponse.BodyHandlers.ofString()));
            }
            long refusedEarly = refusals(flood, FLOOD - 4, Instant.now().plusSeconds(10));
            HttpResponse<String> answered = Callers.chat(other[1], Callers.body("A quick question on " + Callers.marker()));
            List<CompletableFuture<HttpResponse<String>>> stillRunning = flood.stream().filter(f -> !f.isDone()).toList();

            assertEquals(200, answered.statusCode(), answered.body());
            assertFalse(stillRunning.isEmpty(), "the other key was answered while the flood was still running");
            assertTrue(refusedEarly >= FLOOD - 4, "beyond 4 requests in flight the flooder is refused: " + refusedEarly);
            HttpResponse<String> refused = flood.stream().map(CompletableFuture::join).filter(r -> r.statusCode() == 429)
                    .findFirst().orElseThrow();
            assertEquals("too_many_requests", Callers.errorCode(refused));
            assertTrue(refused.headers().firstValue("Retry-After").isPresent(), "a 429 says when to retry");
            for (CompletableFuture<HttpResponse<String>> admitted : stillRunning) {
                assertEquals(200, admitted.join().statusCode(), "admitted requests are answered: " + admitted.join().body());
            }
        } finally {
            Simulator.removeRule(rule);
        }
    }

    /** Refusals come at once: polls until {@code expected} of the flood were refused, or the deadline passed. */
    private static long refusals(List<CompletableFuture<HttpResponse<String>>> flood, int expected, Instant deadline) {
        long refused = 0;
        while (Instant.now().isBefore(deadline)) {
            refused = flood.stream().filter(f -> f.isDone() && f.join().statusCode() == 429).count();
            if (refused >= expected) {
                break;
            }
            LockSupport.parkNanos(Duration.ofMillis(50).toNanos());
        }
        return refused;
    }
}
