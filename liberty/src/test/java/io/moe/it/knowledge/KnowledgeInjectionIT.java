package io.moe.it.knowledge;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.moe.it.knowledge.Graph.entity;
import static io.moe.it.knowledge.Graph.relation;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Injection probes and malformed bundles: Cypher in an entry's name, predicate or domain leaves that entry out (named
 * in {@code errors}) while the valid entries beside it are imported; in a source tag or the search query, and a bad
 * request field, version or type, it refuses the request with 400 and nothing is written. A probe is never written
 * and a canary entity survives.
 */
class KnowledgeInjectionIT {

    private static final List<String> CYPHER = List.of("x'}) DETACH DELETE n //", "a` MATCH (n) DETACH DELETE n", "x\"}) RETURN 1;",
            "name} ) MATCH (n) SET n.flagged = true", "$injected", "x\\u0027 OR 1=1", "x <script>", "line\nbreak");
    private static String canary;

    @BeforeAll
    static void aCanary() {
        canary = Graph.word("Canary");
        Graph.importBundle(Graph.request(Graph.bundle(List.of(entity(canary, Graph.domain())), List.of()), "canary"));
    }

    @Test
    void cypherInNamesPredicatesDomainsOrTagsIsLeftOutOrRefusedAndNeverWritten() {
        List<String> failures = new ArrayList<>();
        for (String probe : CYPHER) {
            String valid = Graph.word("Bystander");
            String domain = Graph.domain();
            // a probe in an entry: the entry is left out and named in errors, the valid entries beside it are imported
            Map<JsonObject, String> entries = Map.of(
                    Graph.request(Graph.bundle(List.of(entity(valid, domain), entity(probe, domain)), List.of()), "probe"), "bundle.entities[1].name",
                    Graph.request(Graph.bundle(List.of(entity(valid, domain)), List.of(relation(valid, "TREATS", probe, 0.5))), "probe"), "bundle.relations[0].object",
                    Graph.request(Graph.bundle(List.of(entity(valid, domain)), List.of(relation(valid, "TREATS]->() " + probe, valid + "x", 0.5))), "probe"), "bundle.relations[0].predicate",
                    Graph.request(Graph.bundle(List.of(entity(valid, domain), entity(valid + "y", probe)), List.of()), "probe"), "bundle.entities[1].domain");
            entries.forEach((body, path) -> {
                for (String route : List.of("/knowledge/import/validate", "/knowledge/import")) {
                    var response = Graph.post(route, body.toString());
                    if (response.statusCode() != 200 || !response.body().contains(path) || !response.body().contains("left out")) {
                        failures.add(route + " " + body + " → " + response.statusCode() + " " + response.body());
                    }
                }
            });
            if (!Graph.entityExists(valid)) {
                failures.add("the valid entity beside " + probe + " was not imported");
            }
            if (Graph.entityExists(probe) || Graph.entityExists(valid + "x") || Graph.entityExists(valid + "y")) {
                failures.add("an entry holding " + probe + " was written");
            }
            // a probe in the request itself (the source tag) refuses the whole request
            String bystander = Graph.word("Bystander");
            JsonObject tagged = Graph.request(Graph.bundle(List.of(entity(bystander, domain)), List.of()), probe);
            for (String route : List.of("/knowledge/import", "/knowledge/import/validate")) {
                var response = Graph.post(route, tagged.toString());
                if (response.statusCode() != 400 || !response.body().contains("source_tag")) {
                    failures.add(route + " source_tag " + probe + " → " + response.statusCode() + " " + response.body());
                }
            }
            if (Graph.entityExists(bystander)) {
                failures.add("a bystander of the source tag " + probe + " was written");
            }
            var search = Graph.get("/search?q=" + Graph.encode(probe));
            if (search.statusCode() != 400) {
                failures.add("search " + probe + " → " + search.statusCode());
            }
            var export = Graph.get("/knowledge/export?domains=" + Graph.encode(probe));
            if (export.statusCode() != 400) {
                failures.add("export domains " + probe + " → " + export.statusCode());
            }
        }
        assertEquals(List.of(), failures);
        assertTrue(Graph.entityExists(canary), "the canary survived");
        assertTrue(Graph.cypher("MATCH (e:Entity {name_lc: $c}) WHERE e.flagged = true RETURN e", Map.of("c", canary.toLowerCase())).isEmpty());
    }

    @Test
    void malformedRequestsAreRefusedAndMalformedEntriesLeftOutEachNamingTheField() {
        String valid = Graph.word("Malformed");
        JsonObject entity = entity(valid, Graph.domain());
        Map<String, String> refused = Map.of(
                "{\"bundle\":{\"format_version\":\"2.0\",\"entities\":[" + entity + "]}}", "bundle.format_version",
                "{\"bundle\":{\"format_version\":\"1.0\",\"entities\":{}}}", "bundle.entities",
                "{\"bundle\":{\"format_version\":\"1.0\",\"entities\":[" + entity + "]},\"trust_floor\":1.5}", "trust_floor",
                "{\"bundle\":{\"format_version\":\"1.0\",\"entities\":[" + entity + "]},\"dry_run\":\"no\"}", "dry_run",
                "{\"bundle\":{\"format_version\":\"1.0\",\"entities\":[" + entity + "],\"extra\":1}}", "bundle.extra",
                "[1,2]", "body");
        List<String> failures = new ArrayList<>();
        refused.forEach((body, field) -> {
            var response = Graph.post("/knowledge/import", body);
            if (response.statusCode() != 400 || !response.body().contains(field)) {
                failures.add(field + " → " + response.statusCode() + " " + response.body());
            }
        });
        assertEquals(400, Graph.post("/knowledge/import", "not json").statusCode());
        assertEquals(400, Graph.post("/knowledge/import", "").statusCode());
        assertEquals(List.of(), failures);
        assertFalse(Graph.entityExists(valid), "nothing of a refused request is written");

        String bad = "{\"bundle\":{\"format_version\":\"1.0\",\"entities\":[" + entity + ",{\"name\":\"" + "n".repeat(201) + "\"},"
                + "{\"name\":\"" + valid + "t\",\"tenant\":\"t\"}],\"relations\":[{\"subject\":\"" + valid + "s\",\"predicate\":\"treats\",\"object\":\"" + valid + "o\"},"
                + "{\"subject\":\"" + valid + "s\",\"predicate\":\"TREATS\",\"object\":\"" + valid + "o\",\"trust_score\":\"0.9\"}]}}";
        JsonObject report = Graph.importBundle(Json.createReader(new java.io.StringReader(bad)).readObject());
        String errors = report.getJsonArray("errors").toString();
        for (String field : List.of("bundle.entities[1].name", "bundle.entities[2].tenant", "bundle.relations[0].predicate",
                "bundle.relations[1].trust_score")) {
            assertTrue(errors.contains(field), field + " in " + errors);
        }
        assertTrue(Graph.entityExists(valid), "the good entity of the bundle was imported");
        for (String leftOut : List.of(valid + "t", valid + "s", valid + "o")) {
            assertFalse(Graph.entityExists(leftOut), leftOut + ": a bad entry, and the entities only bad relations name, are not written");
        }
        assertEquals(Json.createValue("ok"), Graph.importBundle(Graph.request(Graph.bundle(List.of(), List.of()), "empty")).get("status"));
    }
}
