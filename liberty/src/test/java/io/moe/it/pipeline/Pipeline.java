package io.moe.it.pipeline;

import io.moe.it.Http;
import io.moe.it.ItConfig;
import io.moe.it.Phrases;
import io.moe.it.Simulator;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;

import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.UnaryOperator;

/** Asking the orchestrator, reading traces, and scripting the simulator for the pipeline tests. */
final class Pipeline {

    static final String CHAT = ItConfig.orchestratorUrl() + "/v1/chat/completions";

    private Pipeline() {
    }

    /**
     * A marker for one test's question: a unique word of letters only (no digits, so the simulator's
     * planner does not mistake it for arithmetic) and four random words, so that no two test questions
     * are close enough in meaning for the semantic cache to answer one with the other.
     */
    static String marker() {
        return word() + " " + Phrases.words(4);
    }

    /** A unique word of letters only, about 27 long (the simulator extracts graph triples only about long words). */
    static String word() {
        return "mk" + (UUID.randomUUID() + "" + UUID.randomUUID()).replaceAll("[^a-f]", "") + "x";
    }

    static HttpResponse<String> post(String model, String text, String key) {
        return Http.post(CHAT, Json.createObjectBuilder().add("model", model)
                .add("messages", Json.createArrayBuilder().add(Json.createObjectBuilder().add("role", "user").add("content", text)))
                .build().toString(), "Authorization", Http.bearer(key));
    }

    /**
     * Asks with the admin key behind a system turn, so the semantic cache is bypassed (trace {@code cache.path}
     * {@code bypassed}): for tests of a later stage that must run whatever was asked before. Questions alike but for a
     * random marker come closer than a hard hit now and then (all-MiniLM: about one pair in 800 for "What is seventeen
     * times twenty-three" and four random words), and a hard hit runs no stage at all.
     */
    static JsonObject askPastTheCache(String model, String text) {
        return answered(Http.post(CHAT, Json.createObjectBuilder().add("model", model)
                .add("messages", Json.createArrayBuilder()
                        .add(Json.createObjectBuilder().add("role", "system").add("content", "Answer in plain words."))
                        .add(Json.createObjectBuilder().add("role", "user").add("content", text)))
                .build().toString(), "Authorization", Http.bearer(ItConfig.apiKey())));
    }

    /** Asks with the admin key and returns the 200 response body. */
    static JsonObject ask(String model, String text) {
        return answered(post(model, text, ItConfig.apiKey()));
    }

    private static JsonObject answered(HttpResponse<String> response) {
        if (response.statusCode() != 200) {
            throw new AssertionError("expected 200, got " + response.statusCode() + ": " + response.body());
        }
        return Http.object(response);
    }

    static String content(JsonObject completion) {
        return completion.getJsonArray("choices").getJsonObject(0).getJsonObject("message").getString("content");
    }

    /**
     * The trace of a response once its answer is in the semantic cache, if it goes there ({@code cache_store} no longer
     * {@code pending}): what tests of the cache and of learned material build on. Waits up to 20 s.
     */
    static JsonObject trace(String responseId) {
        return trace(responseId, ItConfig.apiKey());
    }

    static JsonObject trace(String responseId, String key) {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(20));
        HttpResponse<String> last;
        do {
            last = Http.get(ItConfig.orchestratorUrl() + "/v1/responses/" + responseId + "/trace", "Authorization", Http.bearer(key));
            if (last.statusCode() == 200 && !"pending".equals(Http.object(last).getString("cache_store", ""))) {
                return Http.object(last);
            }
            pause();
        } while (Instant.now().isBefore(deadline));
        throw new AssertionError("no trace for " + responseId + ": " + last.statusCode() + " " + last.body());
    }

    /** Simulator calls whose user text contains the marker, optionally of one role. */
    static List<JsonObject> calls(String marker, String role) {
        return Simulator.callsContaining(marker).getValuesAs(JsonObject.class).stream()
                .filter(c -> role == null || role.equals(c.getString("role"))).toList();
    }

    static List<JsonObject> calls(String marker) {
        return calls(marker, null);
    }

    static JsonObject rule(String role, String contains) {
        var match = Json.createObjectBuilder().add("contains", contains);
        if (role != null) {
            match.add("role", role);
        }
        return Json.createObjectBuilder().add("match", match).build();
    }

    /** A planner rule answering with {@code plan} for questions containing the marker. */
    static JsonObject plan(String marker, JsonArray plan) {
        return Json.createObjectBuilder(rule("planner", marker)).add("action", Json.createObjectBuilder()
                .add("content", "Here is my plan:\n```json\n" + plan + "\n```")).build();
    }

    static JsonObject task(String task, String category) {
        return Json.createObjectBuilder().add("task", task).add("category", category).build();
    }

    /** Scripted simulator rules, removed again when the test ends. */
    static final class Script implements AutoCloseable {

        private final List<String> ids = new ArrayList<>();

        Script add(JsonObject rule) {
            ids.add(Simulator.addRule(rule));
            return this;
        }

        Script add(String role, String contains, JsonObject action) {
            return add(Json.createObjectBuilder(rule(role, contains)).add("action", action).build());
        }

        @Override
        public void close() {
            ids.forEach(Simulator::removeRule);
        }
    }

    /** Changes the default template's configuration for the duration of a test, as an operator would. */
    static final class TemplateChange implements AutoCloseable {

        private final String original;

        TemplateChange(UnaryOperator<JsonObject> change) {
            this.original = config();
            JsonObject changed = change.apply((JsonObject) Http.json(original));
            write(changed.toString());
        }

        @Override
        public void close() {
            write(original);
        }

        private static String config() {
            try (Connection c = db(); PreparedStatement s = c.prepareStatement(
                    "SELECT config_json FROM expert_template WHERE name = 'default'"); ResultSet r = s.executeQuery()) {
                r.next();
                return r.getString(1);
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
        }

        private static void write(String json) {
            try (Connection c = db(); PreparedStatement s = c.prepareStatement(
                    "UPDATE expert_template SET config_json = ? WHERE name = 'default'")) {
                s.setString(1, json);
                s.executeUpdate();
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
        }

        private static Connection db() throws SQLException {
            return DriverManager.getConnection(ItConfig.dbUrl(), "moe", "moe");
        }
    }

    static JsonObject with(JsonObject o, String key, JsonValue value) {
        return Json.createObjectBuilder(o).add(key, value).build();
    }

    static void pause() {
        try {
            Thread.sleep(200); // polling interval while waiting for a deadline
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
