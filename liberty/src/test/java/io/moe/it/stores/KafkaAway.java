package io.moe.it.stores;

import io.moe.it.Events;
import io.moe.it.Http;
import io.moe.it.ItConfig;
import io.moe.it.Simulator;
import io.moe.it.chat.ChatCompletionsIT;
import jakarta.json.Json;
import jakarta.json.JsonObject;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** What the tests with Kafka frozen or dead ask while it is away, and the events they expect once it is back. */
final class KafkaAway {

    private KafkaAway() {
    }

    /** A simulator rule (its id): experts asked with {@code marker} write an answer long enough to be audited and ingested. */
    static String longAnswers(String marker) {
        return Simulator.addRule(Json.createObjectBuilder()
                .add("match", Json.createObjectBuilder().add("role", "expert").add("contains", marker))
                .add("action", Json.createObjectBuilder().add("content", "An answer long enough to be audited and ingested. ".repeat(5))
                        .add("confidence", "hoch")).build());
    }

    /**
     * Asks each question (questions far apart, so that none is answered from the cache, which publishes no
     * {@code moe.ingest}) and rates the first answer; every one must be answered. Returns the response ids.
     */
    static List<String> answerAndRate(String key, String marker, List<String> questions, int rating) {
        List<String> ids = new ArrayList<>();
        for (String question : questions) {
            HttpResponse<String> answered = Http.post(ChatCompletionsIT.URL, ChatCompletionsIT.request("moe-orchestrator",
                    question + " " + marker), "Authorization", Http.bearer(key), "Content-Type", "application/json");
            assertEquals(200, answered.statusCode(), "answered without Kafka: " + answered.body());
            ids.add(Http.object(answered).getString("id"));
        }
        HttpResponse<String> rated = Http.post(ItConfig.orchestratorUrl() + "/v1/feedback", Json.createObjectBuilder()
                .add("response_id", ids.get(0)).add("rating", rating).build().toString(), "Authorization", Http.bearer(key));
        assertEquals(200, rated.statusCode(), "feedback taken without Kafka: " + rated.body());
        return ids;
    }

    /** Each answer's {@code moe.requests} (of {@code user}) and {@code moe.ingest} event, and the rating's {@code moe.feedback}. */
    static void eventsArrive(String user, List<String> ids, int rating, int seconds) {
        for (String id : ids) {
            JsonObject audit = Events.find("moe.requests", e -> e.getString("response_id", "").equals(id), seconds)
                    .orElseThrow(() -> new AssertionError("the moe.requests event of " + id + " never arrived"));
            assertEquals(user, audit.getString("user_id"));
            Events.find("moe.ingest", e -> e.getString("response_id", "").equals(id), seconds)
                    .orElseThrow(() -> new AssertionError("the moe.ingest event of " + id + " never arrived"));
        }
        JsonObject feedback = Events.find("moe.feedback", e -> e.getString("response_id", "").equals(ids.get(0)), seconds)
                .orElseThrow(() -> new AssertionError("the moe.feedback event never arrived"));
        assertEquals(rating, feedback.getInt("rating"));
    }
}
