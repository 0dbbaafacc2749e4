package io.moe.it.stores;

import io.moe.it.Events;
import io.moe.it.Http;
import io.moe.it.ItConfig;
import io.moe.it.Simulator;
import io.moe.it.chat.ChatCompletionsIT;
import io.moe.it.identity.Admin;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Kafka frozen (SIGSTOP on the relay the test server reaches the broker through; the broker advertises the relay's port,
 * so every connection of the server goes through it): answers and feedback go on, since publishing never waits for the
 * broker, and after SIGCONT every event of that time arrives — sent late by the producer, or from the outbox's backlog.
 */
class KafkaFrozenIT {

    private static final Path RELAY_PID = Path.of(System.getProperty("moe.it.data-dir", "target/it-data"), "relays", "kafka.pid");

    @Test
    void answersAndFeedbackGoOnWhileKafkaIsFrozenAndTheirEventsArriveAfterwards() throws Exception {
        String user = Admin.newUser();
        Admin.grant(user, "moe_mode", "moe_orchestrated");
        String key = Admin.newKey(user)[1];
        String marker = "kafkafrozen" + UUID.randomUUID().toString().replace("-", "").substring(0, 10);
        String rule = Simulator.addRule(Json.createObjectBuilder()
                .add("match", Json.createObjectBuilder().add("role", "expert").add("contains", marker))
                .add("action", Json.createObjectBuilder().add("content", "An answer long enough to be audited and ingested. ".repeat(5))
                        .add("confidence", "hoch")).build());
        List<String> ids = new ArrayList<>();
        long relay = Long.parseLong(Files.readString(RELAY_PID).trim());
        signal(relay, "STOP");
        try {
            // three questions far apart, so that none is answered from the cache (a cached answer publishes no moe.ingest)
            for (String question : List.of("What do blue whales eat", "How do volcanoes form under the sea",
                    "Why does bread rise in a warm oven")) {
                HttpResponse<String> answered = Http.post(ChatCompletionsIT.URL, ChatCompletionsIT.request("moe-orchestrator",
                        question + " " + marker), "Authorization", Http.bearer(key), "Content-Type", "application/json");
                assertEquals(200, answered.statusCode(), "answered without Kafka: " + answered.body());
                ids.add(Http.object(answered).getString("id"));
            }
            HttpResponse<String> rated = Http.post(ItConfig.orchestratorUrl() + "/v1/feedback", Json.createObjectBuilder()
                    .add("response_id", ids.get(0)).add("rating", 5).build().toString(), "Authorization", Http.bearer(key));
            assertEquals(200, rated.statusCode(), "feedback taken without Kafka: " + rated.body());
        } finally {
            signal(relay, "CONT");
            Simulator.removeRule(rule);
        }
        for (String id : ids) {
            JsonObject audit = Events.find("moe.requests", e -> e.getString("response_id", "").equals(id), 90)
                    .orElseThrow(() -> new AssertionError("the moe.requests event of " + id + " never arrived"));
            assertEquals(user, audit.getString("user_id"));
            Events.find("moe.ingest", e -> e.getString("response_id", "").equals(id), 90)
                    .orElseThrow(() -> new AssertionError("the moe.ingest event of " + id + " never arrived"));
        }
        JsonObject feedback = Events.find("moe.feedback", e -> e.getString("response_id", "").equals(ids.get(0)), 90)
                .orElseThrow(() -> new AssertionError("the moe.feedback event never arrived"));
        assertEquals(5, feedback.getInt("rating"));
    }

    private static void signal(long pid, String signal) throws IOException, InterruptedException {
        assertEquals(0, new ProcessBuilder("kill", "-" + signal, String.valueOf(pid)).inheritIO().start().waitFor(),
                "kill -" + signal + " " + pid);
    }
}
