package io.moe.it.knowledge;

import io.moe.it.Http;
import io.moe.it.ItConfig;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import org.neo4j.driver.AuthTokens;
import org.neo4j.driver.Driver;
import org.neo4j.driver.GraphDatabase;
import org.neo4j.driver.Record;
import org.neo4j.driver.Session;

import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** Calls of the /graph routes with the admin key, bundles built for a test, and direct reads of the test server's Neo4j. */
final class Graph {

    static final String BASE = ItConfig.orchestratorUrl() + "/graph";

    private Graph() {
    }

    /** A unique lower-case domain for one test, so its export and counts see only its own entities. */
    static String domain() {
        return "it-" + UUID.randomUUID().toString().substring(0, 8);
    }

    /** A unique name word of letters only. */
    static String word(String prefix) {
        return prefix + UUID.randomUUID().toString().replaceAll("[^a-f]", "");
    }

    static HttpResponse<String> get(String pathAndQuery) {
        return get(pathAndQuery, ItConfig.apiKey());
    }

    static HttpResponse<String> get(String pathAndQuery, String key) {
        return Http.get(BASE + pathAndQuery, "Authorization", Http.bearer(key));
    }

    static HttpResponse<String> post(String path, String body) {
        return Http.post(BASE + path, body, "Authorization", Http.bearer(ItConfig.apiKey()));
    }

    static JsonObject ok(HttpResponse<String> response) {
        if (response.statusCode() != 200) {
            throw new AssertionError("expected 200, got " + response.statusCode() + ": " + response.body());
        }
        return Http.object(response);
    }

    static JsonObject export(String query) {
        return ok(get("/knowledge/export?" + query));
    }

    static JsonObject importBundle(JsonObject request) {
        return ok(post("/knowledge/import", request.toString()));
    }

    static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8);
    }

    static JsonObject entity(String name, String domain) {
        return Json.createObjectBuilder().add("name", name).add("type", "concept").add("source", "test").add("domain", domain).build();
    }

    static JsonObject relation(String subject, String predicate, String object, double trust) {
        return Json.createObjectBuilder().add("subject", subject).add("predicate", predicate).add("object", object)
                .add("confidence", trust).add("trust_score", trust).add("verified", false).build();
    }

    /** A bundle of format 1.0 with these entities and relations (and no syntheses). */
    static JsonObjectBuilder bundle(List<JsonObject> entities, List<JsonObject> relations) {
        JsonArrayBuilder es = Json.createArrayBuilder();
        entities.forEach(es::add);
        JsonArrayBuilder rs = Json.createArrayBuilder();
        relations.forEach(rs::add);
        return Json.createObjectBuilder().add("@context", "https://moe-orchestrator.io/contexts/knowledge/v1").add("format_version", "1.0")
                .add("entities", es).add("relations", rs).add("syntheses", Json.createArrayBuilder());
    }

    static JsonObject request(JsonObjectBuilder bundle, String sourceTag) {
        return Json.createObjectBuilder().add("bundle", bundle).add("source_tag", sourceTag).build();
    }

    /** Runs Cypher against the test server's Neo4j. */
    static List<Record> cypher(String query, Map<String, Object> parameters) {
        try (Driver neo4j = GraphDatabase.driver(ItConfig.neo4jUri(), AuthTokens.none()); Session session = neo4j.session()) {
            return session.run(query, parameters).list();
        }
    }

    static boolean entityExists(String name) {
        return !cypher("MATCH (e:Entity {name_lc: $n}) RETURN e", Map.of("n", name.toLowerCase())).isEmpty();
    }

    /** Asks the orchestrator with the admin key; returns the response id. */
    static String ask(String model, String question) {
        var response = Http.post(ItConfig.orchestratorUrl() + "/v1/chat/completions", Json.createObjectBuilder().add("model", model)
                .add("messages", Json.createArrayBuilder().add(Json.createObjectBuilder().add("role", "user").add("content", question)))
                .build().toString(), "Authorization", Http.bearer(ItConfig.apiKey()));
        return ok(response).getString("id");
    }

    /** A unique word of at least 12 letters: the simulator's judge extracts two triples about it. */
    static String marker() {
        return "mk" + (UUID.randomUUID() + "" + UUID.randomUUID()).replaceAll("[^a-f]", "") + "x";
    }

    /** Waits (90 s at most) until the ingest consumer has written the two triples of the answer. */
    static void awaitIngested(String responseId) {
        java.time.Instant deadline = java.time.Instant.now().plusSeconds(90);
        while (cypher("MATCH (:Entity)-[r]->(:Entity) WHERE $id IN r.response_ids RETURN r", Map.of("id", responseId)).size() < 2) {
            if (java.time.Instant.now().isAfter(deadline)) {
                throw new AssertionError("answer " + responseId + " not ingested within 90 s");
            }
            pause();
        }
    }

    static void pause() {
        try {
            Thread.sleep(250); // polling interval while waiting for a deadline
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
