package io.moe.it.knowledge;

import io.moe.it.Http;
import io.moe.it.ItConfig;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;
import org.neo4j.driver.Record;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static io.moe.it.knowledge.Graph.entity;
import static io.moe.it.knowledge.Graph.relation;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Knowledge bundles: the JSON-LD export with its filters and scrubbing, and the import rules, round trip included. */
class KnowledgeBundlesIT {

    @Test
    void anExportIsTheSpecsBundleFilteredByDomainAndTrust() {
        String domain = Graph.domain();
        String a = Graph.word("Exporta");
        String b = Graph.word("Exportb");
        String c = Graph.word("Exportc");
        Graph.importBundle(Graph.request(Graph.bundle(List.of(entity(a, domain), entity(b, domain), entity(c, Graph.domain())),
                List.of(relation(a, "PART_OF", b, 0.45), relation(b, "CAUSES", a, 0.1), relation(a, "PART_OF", c, 0.45))), "export_test"));
        Graph.ok(Graph.post("/knowledge/import", Json.createObjectBuilder().add("bundle", Json.createObjectBuilder().add("format_version", "1.0")
                .add("syntheses", Json.createArrayBuilder().add(Json.createObjectBuilder().add("text", "Exporting " + a + " works; a test says so.")
                        .add("insight_type", "summary").add("entities", Json.createArrayBuilder().add(a)).add("confidence", 0.8))))
                .build().toString()));

        JsonObject bundle = Graph.export("domains=" + domain + "&min_trust=0.3");

        assertEquals("https://moe-orchestrator.io/contexts/knowledge/v1", bundle.getString("@context"));
        assertEquals("1.0", bundle.getString("format_version"));
        assertTrue(Instant.parse(bundle.getString("exported_at")).isAfter(Instant.now().minusSeconds(300)));
        assertEquals(List.of(domain), bundle.getJsonObject("filters").getJsonArray("domains").getValuesAs(jakarta.json.JsonString.class)
                .stream().map(jakarta.json.JsonString::getString).toList());
        assertEquals(0.3, bundle.getJsonObject("filters").getJsonNumber("min_trust").doubleValue(), 1e-9);
        assertEquals(Set.of(a, b), names(bundle));
        JsonObject entity = bundle.getJsonArray("entities").getJsonObject(0);
        assertEquals(Set.of("name", "type", "source", "domain"), entity.keySet());
        assertEquals("export_test", entity.getString("source"));
        assertEquals(1, bundle.getJsonArray("relations").size(), "the other domain's and the low-trust relation stay out: " + bundle);
        JsonObject relation = bundle.getJsonArray("relations").getJsonObject(0);
        assertEquals(Set.of("subject", "predicate", "object", "confidence", "trust_score", "verified"), relation.keySet());
        assertEquals(List.of(a, "PART_OF", b), List.of(relation.getString("subject"), relation.getString("predicate"), relation.getString("object")));
        assertEquals(0.45, relation.getJsonNumber("trust_score").doubleValue(), 1e-9);
        assertEquals(false, relation.getBoolean("verified"));
        JsonObject synthesis = bundle.getJsonArray("syntheses").getJsonObject(0);
        assertEquals(Set.of("text", "insight_type", "entities", "confidence"), synthesis.keySet());
        assertEquals("summary", synthesis.getString("insight_type"));
        JsonObject stats = bundle.getJsonObject("stats");
        assertEquals(List.of(2, 1, 1, 0), List.of(stats.getInt("entities"), stats.getInt("relations"), stats.getInt("syntheses"), stats.getInt("scrubbed")));

        JsonObject without = Graph.export("domains=" + domain + "&include_syntheses=false");
        assertEquals(0, without.getJsonArray("syntheses").size());
        assertEquals(2, Graph.export("domains=" + domain + "&min_trust=0").getJsonArray("relations").size(), "min_trust 0 lets the weak relation in");

        var asJsonLd = Http.get(Graph.BASE + "/knowledge/export?domains=" + domain, "Authorization", Http.bearer(ItConfig.apiKey()),
                "Accept", "application/ld+json");
        assertEquals(200, asJsonLd.statusCode(), "a client asking for the bundle's own type: " + asJsonLd.body());
        assertTrue(asJsonLd.headers().firstValue("Content-Type").orElse("").startsWith("application/ld+json"));
        var asHtml = Http.get(Graph.BASE + "/knowledge/export?domains=" + domain, "Authorization", Http.bearer(ItConfig.apiKey()),
                "Accept", "text/html");
        assertEquals(406, asHtml.statusCode(), asHtml.body());
        assertTrue(asHtml.body().contains("not_acceptable"), asHtml.body());
    }

    @Test
    void everyKindOfSensitiveEntryIsScrubbedAndCountedAndSecretRelationTypesNeverLeave() {
        String domain = Graph.domain();
        String host = Graph.word("Hostsys");
        Map<String, String> sensitive = Map.of(
                "password", "Password of " + host,
                "key", "moe-sk-" + "ab12".repeat(12),
                "credential", "Credentials store " + host,
                "ip_address", "10.20.30." + (1 + (int) (Math.random() * 200)),
                "email", "jane." + host + "@example.com",
                "infrastructure", "prod_db_" + host,
                "customer", "Customer " + host + " Corp");
        List<JsonObject> entities = new java.util.ArrayList<>(List.of(entity(host, domain)));
        List<JsonObject> relations = new java.util.ArrayList<>();
        sensitive.values().forEach(name -> {
            entities.add(entity(name, domain));
            relations.add(relation(host, "RELATES_TO", name, 0.5));
        });
        Graph.importBundle(Graph.request(Graph.bundle(entities, relations), "scrub_test"));
        Graph.cypher("MATCH (h:Entity {name_lc: $h}) MERGE (s:Entity {name_lc: $s}) ON CREATE SET s.name = $sName, s.domain = $d "
                + "MERGE (h)-[:HAS_PASSWORD {trust: 0.9}]->(s)", Map.of("h", host.toLowerCase(), "s", "vault" + host.toLowerCase(),
                "sName", "Vault" + host, "d", domain));

        JsonObject bundle = Graph.export("domains=" + domain);

        String text = bundle.getJsonArray("entities").toString() + bundle.getJsonArray("relations");
        sensitive.values().forEach(s -> assertFalse(text.contains(s), s + " left in " + text));
        assertFalse(text.contains("HAS_PASSWORD"));
        assertEquals(Set.of(host, "Vault" + host), names(bundle));
        JsonObject stats = bundle.getJsonObject("stats");
        assertEquals(7 + 7 + 1, stats.getInt("scrubbed"), "7 entities, their 7 relations and the HAS_PASSWORD relation: " + stats);
        JsonObject byKind = stats.getJsonObject("scrubbed_by_kind");
        sensitive.keySet().forEach(kind -> assertEquals(2, byKind.getInt(kind), kind + " counted: " + byKind));
        assertEquals(1, byKind.getInt("excluded_type"));

        JsonObject raw = Graph.export("domains=" + domain + "&strip_sensitive=false");
        assertEquals(8 + 1, raw.getJsonArray("entities").size());
        assertEquals(7, raw.getJsonArray("relations").size(), "HAS_PASSWORD stays out even unstripped");
        assertEquals(1, raw.getJsonObject("stats").getInt("scrubbed"));
    }

    @Test
    void anEntityWhoseSourceTagOrDomainHintsAtInfrastructureIsScrubbedToo() {
        String domain = Graph.domain();
        String plain = Graph.word("Plainsys");
        String fromInternal = Graph.word("Wikisys");
        Graph.importBundle(Graph.request(Graph.bundle(List.of(entity(plain, domain)), List.of()), "community_import"));
        Graph.importBundle(Graph.request(Graph.bundle(List.of(entity(fromInternal, domain)), List.of()), "internal_wiki"));

        JsonObject bundle = Graph.export("domains=" + domain);

        assertEquals(Set.of(plain), names(bundle), "the entity tagged internal_wiki stays home");
        assertFalse(bundle.toString().contains("internal_wiki"));
        assertEquals(1, bundle.getJsonObject("stats").getJsonObject("scrubbed_by_kind").getInt("infrastructure"));
    }

    @Test
    void badExportParametersAreRefusedWith400() {
        for (String query : List.of("min_trust=2", "min_trust=abc", "strip_sensitive=yes", "include_syntheses=1", "domains=a%20b",
                "domains=a,,b", "domains=" + Graph.encode("x' OR 1=1 //"))) {
            assertEquals(400, Graph.get("/knowledge/export?" + query).statusCode(), query);
        }
    }

    @Test
    void importedEntitiesMergeByNameAndEveryFactCarriesTheSourceTagWithItsTrustCapped() {
        String domain = Graph.domain();
        String known = Graph.word("Knownent");
        String fresh = Graph.word("Freshent");
        Graph.importBundle(Graph.request(Graph.bundle(List.of(entity(known, domain)), List.of()), "first_tag"));

        JsonObject report = Graph.importBundle(Json.createObjectBuilder(Graph.request(Graph.bundle(
                List.of(entity(known.toUpperCase(), domain), entity(fresh, domain)),
                List.of(relation(known, "PART_OF", fresh, 0.95), relation(fresh, "LOCATED_IN", known, 0.2))), "second_tag"))
                .add("trust_floor", 0.9).build());

        assertEquals(List.of(1, 1, 2, 0), List.of(report.getInt("entities_created"), report.getInt("entities_skipped"),
                report.getInt("relations_created"), report.getInt("relations_skipped")), report.toString());
        assertEquals(0.5, report.getJsonNumber("trust_floor").doubleValue(), 1e-9, "the configured trust floor caps the request's");
        assertEquals(1, Graph.cypher("MATCH (e:Entity {name_lc: $n}) RETURN e", Map.of("n", known.toLowerCase())).size(), "merged, not duplicated");
        Record entity = Graph.cypher("MATCH (e:Entity {name_lc: $n}) RETURN e.sources AS sources, e.name AS name",
                Map.of("n", known.toLowerCase())).get(0);
        assertEquals(known, entity.get("name").asString(), "the first name stays");
        assertEquals(List.of("first_tag", "second_tag"), entity.get("sources").asList(v -> v.asString()));
        Map<String, Double> trust = Graph.cypher("MATCH (s:Entity)-[r]->(o:Entity) WHERE s.name_lc IN $n AND r.source = 'second_tag' "
                + "AND 'second_tag' IN r.sources AND NOT r.verified RETURN type(r) AS t, r.trust AS trust",
                Map.of("n", List.of(known.toLowerCase(), fresh.toLowerCase()))).stream()
                .collect(Collectors.toMap(r -> r.get("t").asString(), r -> r.get("trust").asDouble()));
        assertEquals(Map.of("PART_OF", 0.5, "LOCATED_IN", 0.2), trust, "tagged, unverified, trust capped at the floor");
    }

    @Test
    void twoImportsOfTheSameNamesAtOnceMakeOneEntityPerName() throws Exception {
        String domain = Graph.domain();
        String stem = Graph.word("Racent");
        List<JsonObject> entities = new java.util.ArrayList<>();
        for (int i = 0; i < 300; i++) {
            entities.add(entity(stem + " " + i, domain));
        }
        JsonObject request = Graph.request(Graph.bundle(entities, List.of()), "race_test");
        var pool = java.util.concurrent.Executors.newFixedThreadPool(2);
        try {
            var first = pool.submit(() -> Graph.importBundle(request));
            var second = pool.submit(() -> Graph.importBundle(request));
            first.get(120, java.util.concurrent.TimeUnit.SECONDS);
            second.get(120, java.util.concurrent.TimeUnit.SECONDS);
        } finally {
            pool.shutdownNow();
        }

        assertEquals(List.of(), Graph.cypher("MATCH (e:Entity) WHERE e.name_lc STARTS WITH $stem WITH e.name_lc AS n, count(*) AS c "
                + "WHERE c > 1 RETURN n", Map.of("stem", stem.toLowerCase())).stream().map(r -> r.get("n").asString()).toList(),
                "no name twice");
        assertEquals(300, Graph.cypher("MATCH (e:Entity) WHERE e.name_lc STARTS WITH $stem RETURN e", Map.of("stem", stem.toLowerCase())).size());
        Exception refused = org.junit.jupiter.api.Assertions.assertThrows(Exception.class, () -> Graph.cypher(
                "CREATE (:Entity {name: $n, name_lc: $lc})", Map.of("n", stem + " 0", "lc", (stem + " 0").toLowerCase())));
        assertTrue(String.valueOf(refused.getMessage()).contains("already exists"), "the graph itself keeps names unique: " + refused);
    }

    @Test
    void aContradictingTripleIsSkippedAndReported() {
        String drug = Graph.word("Contradrug");
        String effect = Graph.word("Contraeffect");
        Graph.cypher("CREATE (:Entity {name: $d, name_lc: $dl})-[:CAUSES {trust: 0.9, source: 'ingest', verified: false}]->"
                + "(:Entity {name: $e, name_lc: $el})", Map.of("d", drug, "dl", drug.toLowerCase(), "e", effect, "el", effect.toLowerCase()));

        JsonObject report = Graph.importBundle(Graph.request(Graph.bundle(List.of(), List.of(relation(drug, "TREATS", effect, 0.5))), "contra_test"));

        assertEquals(1, report.getInt("contradicted"), report.toString());
        JsonObject c = report.getJsonArray("contradictions").getJsonObject(0);
        assertEquals(drug + " TREATS " + effect, c.getString("imported"));
        assertEquals(drug + " CAUSES " + effect, c.getString("conflicts_with"));
        assertEquals(0.9, c.getJsonNumber("existing_trust").doubleValue(), 1e-9);
        assertEquals("ingest", c.getString("existing_source"));
        assertEquals(0, report.getInt("relations_created"));
        assertTrue(Graph.cypher("MATCH (:Entity {name_lc: $d})-[r:TREATS]-() RETURN r", Map.of("d", drug.toLowerCase())).isEmpty());
    }

    @Test
    void aVerifiedRelationSurvivesAnImportThatDisagrees() {
        String a = Graph.word("Verifieda");
        String b = Graph.word("Verifiedb");
        Graph.cypher("CREATE (:Entity {name: $a, name_lc: $al})-[:TREATS {trust: 0.9, confidence: 0.9, verified: true, flagged: false, "
                + "source: 'ingest', sources: ['ingest']}]->(:Entity {name: $b, name_lc: $bl})",
                Map.of("a", a, "al", a.toLowerCase(), "b", b, "bl", b.toLowerCase()));

        JsonObject report = Graph.importBundle(Graph.request(Graph.bundle(List.of(), List.of(relation(a, "TREATS", b, 0.05))), "disagree"));

        assertEquals(1, report.getInt("relations_skipped"), report.toString());
        Record r = Graph.cypher("MATCH (:Entity {name_lc: $a})-[r:TREATS]->() RETURN r.trust AS trust, r.verified AS verified, r.sources AS sources",
                Map.of("a", a.toLowerCase())).get(0);
        assertEquals(0.9, r.get("trust").asDouble());
        assertTrue(r.get("verified").asBoolean());
        assertEquals(List.of("ingest"), r.get("sources").asList(v -> v.asString()));
    }

    @Test
    void validateAndDryRunReportTheSameAndChangeNothing() {
        String domain = Graph.domain();
        String a = Graph.word("Dryruna");
        String b = Graph.word("Dryrunb");
        JsonObject request = Graph.request(Graph.bundle(List.of(entity(a, domain), entity(b, domain)),
                List.of(relation(a, "PART_OF", b, 0.4))), "dry_test");

        JsonObject validated = Graph.ok(Graph.post("/knowledge/import/validate", request.toString()));
        JsonObject dry = Graph.importBundle(Json.createObjectBuilder(request).add("dry_run", true).build());

        assertTrue(validated.getBoolean("dry_run"));
        assertEquals(List.of(2, 1), List.of(validated.getInt("entities_created"), validated.getInt("relations_created")), validated.toString());
        assertEquals(without(validated), without(dry));
        assertFalse(Graph.entityExists(a) || Graph.entityExists(b), "nothing was written");

        JsonObject real = Graph.importBundle(request);
        assertFalse(real.getBoolean("dry_run"));
        assertEquals(without(validated), without(real), "the validation predicted the import");
        assertTrue(Graph.entityExists(a) && Graph.entityExists(b));
    }

    @Test
    void aRoundTripThroughAnEmptiedGraphKeepsTheCountsAndTheFacts() {
        String domain = Graph.domain();
        List<String> ids = new java.util.ArrayList<>();
        for (int i = 0; i < 2; i++) {
            ids.add(Graph.ask("moe-orchestrator", "Describe the old lighthouse " + Graph.marker() + " " + io.moe.it.Phrases.words(4)));
        }
        for (String id : ids) {
            Graph.awaitIngested(id);
        }
        Graph.cypher("MATCH (s:Entity)-[r]->(o:Entity) WHERE any(id IN $ids WHERE id IN r.response_ids) SET s.domain = $d, o.domain = $d",
                Map.of("ids", ids, "d", domain));
        JsonObject first = Graph.export("domains=" + domain);
        assertEquals(6, first.getJsonObject("stats").getInt("entities"), first.toString());
        assertEquals(4, first.getJsonObject("stats").getInt("relations"), first.toString());

        Graph.cypher("MATCH (e:Entity {domain: $d}) DETACH DELETE e", Map.of("d", domain));
        assertEquals(0, Graph.export("domains=" + domain).getJsonArray("entities").size(), "the slice is empty");
        JsonObject report = Graph.importBundle(Json.createObjectBuilder().add("bundle", first).add("source_tag", "round_trip").build());
        JsonObject second = Graph.export("domains=" + domain);

        assertEquals(List.of(6, 4), List.of(report.getInt("entities_created"), report.getInt("relations_created")), report.toString());
        assertEquals(first.getJsonObject("stats").getInt("entities"), second.getJsonObject("stats").getInt("entities"));
        assertEquals(first.getJsonObject("stats").getInt("relations"), second.getJsonObject("stats").getInt("relations"));
        assertEquals(facts(first), facts(second));
        assertEquals(Set.of("round_trip"), second.getJsonArray("entities").getValuesAs(JsonObject.class).stream()
                .map(e -> e.getString("source")).collect(Collectors.toSet()));
    }

    private static Set<String> names(JsonObject bundle) {
        return bundle.getJsonArray("entities").getValuesAs(JsonObject.class).stream().map(e -> e.getString("name")).collect(Collectors.toSet());
    }

    private static Set<String> facts(JsonObject bundle) {
        return bundle.getJsonArray("relations").getValuesAs(JsonObject.class).stream()
                .map(r -> r.getString("subject") + " " + r.getString("predicate") + " " + r.getString("object") + " " + r.getJsonNumber("trust_score"))
                .collect(Collectors.toCollection(TreeSet::new));
    }

    private static JsonObject without(JsonObject report) {
        return Json.createObjectBuilder(report).remove("dry_run").build();
    }
}
