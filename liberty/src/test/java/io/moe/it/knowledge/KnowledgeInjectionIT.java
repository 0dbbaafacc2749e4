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
 * Injection probes and malformed bundles: Cypher in names, predicates, domains, source tags and the search
 * query, unknown fields, wrong types and versions are all refused with 400, and the graph does not change:
 * a canary entity survives and the valid entries sent beside the probe are not written.
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
    void cypherInNamesPredicatesDomainsOrTagsIsRefusedAndChangesNothing() {
        List<String> failures = new ArrayList<>();
        for (String probe : CYPHER) {
            String valid = Graph.word("Bystander");
            String domain = Graph.domain();
            List<JsonObject> bodies = List.of(
                    Graph.request(Graph.bundle(List.of(entity(valid, domain), entity(probe, domain)), List.of()), "probe"),
                    Graph.request(Graph.bundle(List.of(entity(valid, domain)), List.of(relation(valid, "TREATS", probe, 0.5))), "probe"),
                    Graph.request(Graph.bundle(List.of(entity(valid, domain)), List.of(relation(valid, "TREATS]->() " + probe, valid + "x", 0.5))), "probe"),
                    Graph.request(Graph.bundle(List.of(entity(valid, domain), entity(valid + "y", probe)), List.of()), "probe"),
                    Graph.request(Graph.bundle(List.of(entity(valid, domain)), List.of()), probe));
            for (JsonObject body : bodies) {
                for (String path : List.of("/knowledge/import", "/knowledge/import/validate")) {
                    var response = Graph.post(path, body.toString());
                    if (response.statusCode() != 400) {
                        failures.add(path + " " + body + " → " + response.statusCode() + " " + response.body());
                    }
                }
            }
            if (Graph.entityExists(valid)) {
                failures.add("a bystander of " + probe + " was written");
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
    void malformedBundlesAreRefusedWithAMessageNamingTheField() {
        String valid = Graph.word("Malformed");
        JsonObject entity = entity(valid, Graph.domain());
        Map<String, String> cases = Map.of(
                "{\"bundle\":{\"format_version\":\"2.0\",\"entities\":[" + entity + "]}}", "bundle.format_version",
                "{\"bundle\":{\"format_version\":\"1.0\",\"entities\":{}}}", "bundle.entities",
                "{\"bundle\":{\"format_version\":\"1.0\",\"entities\":[" + entity + ",{\"name\":\"" + "n".repeat(201) + "\"}]}}", "bundle.entities[1].name",
                "{\"bundle\":{\"format_version\":\"1.0\",\"entities\":[" + entity + "],\"relations\":[{\"subject\":\"a\",\"predicate\":\"treats\",\"object\":\"b\"}]}}", "bundle.relations[0].predicate",
                "{\"bundle\":{\"format_version\":\"1.0\",\"entities\":[" + entity + "],\"relations\":[{\"subject\":\"a\",\"predicate\":\"TREATS\",\"object\":\"b\",\"trust_score\":\"0.9\"}]}}", "bundle.relations[0].trust_score",
                "{\"bundle\":{\"format_version\":\"1.0\",\"entities\":[" + entity + "]},\"trust_floor\":1.5}", "trust_floor",
                "{\"bundle\":{\"format_version\":\"1.0\",\"entities\":[" + entity + "]},\"dry_run\":\"no\"}", "dry_run",
                "{\"bundle\":{\"format_version\":\"1.0\",\"entities\":[" + entity + "],\"extra\":1}}", "bundle.extra",
                "{\"bundle\":{\"format_version\":\"1.0\",\"entities\":[{\"name\":\"x\",\"tenant\":\"t\"}]}}", "bundle.entities[0].tenant",
                "[1,2]", "body");
        List<String> failures = new ArrayList<>();
        cases.forEach((body, field) -> {
            var response = Graph.post("/knowledge/import", body);
            if (response.statusCode() != 400 || !response.body().contains(field)) {
                failures.add(field + " → " + response.statusCode() + " " + response.body());
            }
        });
        assertEquals(400, Graph.post("/knowledge/import", "not json").statusCode());
        assertEquals(400, Graph.post("/knowledge/import", "").statusCode());
        assertEquals(List.of(), failures);
        assertFalse(Graph.entityExists(valid), "nothing of a refused bundle is written");
        assertEquals(Json.createValue("ok"), Graph.importBundle(Graph.request(Graph.bundle(List.of(), List.of()), "empty")).get("status"));
    }
}
