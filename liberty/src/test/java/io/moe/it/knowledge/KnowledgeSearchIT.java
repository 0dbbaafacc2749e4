package io.moe.it.knowledge;

import io.moe.it.Http;
import io.moe.it.ItConfig;
import io.moe.it.identity.Admin;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static io.moe.it.knowledge.Graph.entity;
import static io.moe.it.knowledge.Graph.relation;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** GET /graph/stats and GET /graph/search: counts by domain and type, semantic ranked search with trust and marks, paging, access. */
class KnowledgeSearchIT {

    private static String memberKey;

    @BeforeAll
    static void aNonAdminKey() {
        memberKey = Admin.newKey(Admin.newUser())[1];
    }

    @Test
    void statsCountEntitiesRelationsAndSynthesesByDomainAndTypeWithVerifiedAndFlagged() {
        JsonObject before = Graph.ok(Graph.get("/stats", memberKey));
        String domain = Graph.domain();
        String a = Graph.word("statsa");
        List<JsonObject> entities = new java.util.ArrayList<>();
        for (int i = 0; i < 30; i++) {
            entities.add(entity(a + i, domain));
        }
        Graph.importBundle(Graph.request(Graph.bundle(entities, List.of(relation(a + 0, "PART_OF", a + 1, 0.4),
                relation(a + 1, "PART_OF", a + 2, 0.4))), "stats_test"));
        Graph.cypher("MATCH (:Entity {name_lc: $s})-[r:PART_OF]->() SET r.verified = true", Map.of("s", a + 0));
        Graph.cypher("MATCH (:Entity {name_lc: $s})-[r:PART_OF]->() SET r.flagged = true", Map.of("s", a + 1));

        JsonObject after = Graph.ok(Graph.get("/stats", memberKey));

        assertEquals(30, after.getJsonObject("entities_by_domain").getJsonNumber(domain).longValue(), after.toString());
        assertTrue(after.getJsonNumber("entities").longValue() >= before.getJsonNumber("entities").longValue() + 30);
        assertTrue(after.getJsonNumber("relations").longValue() >= before.getJsonNumber("relations").longValue() + 2);
        assertTrue(after.getJsonNumber("verified").longValue() >= before.getJsonNumber("verified").longValue() + 1);
        assertTrue(after.getJsonNumber("flagged").longValue() >= before.getJsonNumber("flagged").longValue() + 1);
        assertTrue(after.getJsonObject("relations_by_type").containsKey("PART_OF"), after.toString());
        assertTrue(after.getJsonObject("entities_by_type").containsKey("concept"), after.toString());
        assertTrue(after.containsKey("syntheses") && after.containsKey("relations_by_domain"), after.toString());
    }

    @Test
    void searchRanksTheNamedEntityFirstAndShowsItsFactsWithTrustAndVerification() {
        String domain = Graph.domain();
        String drug = Graph.word("Velmorin");
        String symptom = Graph.word("Quarnitis");
        Graph.importBundle(Graph.request(Graph.bundle(List.of(entity(drug, domain), entity(symptom, domain)),
                List.of(relation(drug, "TREATS", symptom, 0.45))), "search_test"));
        Graph.cypher("MATCH (:Entity {name_lc: $s})-[r:TREATS]->() SET r.verified = true", Map.of("s", drug.toLowerCase()));

        JsonObject page = awaitHit(drug, memberKey);

        JsonObject first = page.getJsonArray("data").getJsonObject(0);
        assertEquals("entity", first.getString("kind"), page.toString());
        assertEquals(drug, first.getString("name"));
        assertEquals(domain, first.getString("domain"));
        JsonObject fact = page.getJsonArray("data").getValuesAs(JsonObject.class).stream()
                .filter(h -> h.getString("kind").equals("relation") && h.getString("subject").equals(drug)).findFirst()
                .orElseThrow(() -> new AssertionError("the entity's fact is among the results: " + page));
        assertEquals("TREATS", fact.getString("predicate"));
        assertEquals(symptom, fact.getString("object"));
        assertEquals(0.45, fact.getJsonNumber("trust_score").doubleValue(), 1e-9);
        assertEquals(true, fact.getBoolean("verified"));
        assertEquals(false, fact.getBoolean("flagged"));
        List<Double> scores = page.getJsonArray("data").getValuesAs(JsonObject.class).stream()
                .map(h -> h.getJsonNumber("score").doubleValue()).toList();
        assertEquals(scores.stream().sorted(java.util.Comparator.reverseOrder()).toList(), scores, "ranked best first");
    }

    @Test
    void searchShowsNoKeyASecretOrAnAddressTheGraphHolds() {
        String domain = Graph.domain();
        String vault = Graph.word("Vaultor");
        String secret = Graph.word("Hunterpass");
        String mail = Graph.word("opsdesk").toLowerCase() + "@example.com";
        Graph.importBundle(Graph.request(Graph.bundle(List.of(entity(vault, domain), entity(secret, domain), entity(mail, domain)),
                List.of(relation(vault, "MANAGED_BY", mail, 0.6))), "secret_test"));
        // written before ingest and search kept such facts out: an excluded type, straight into the graph
        Graph.cypher("MATCH (v:Entity {name_lc: $v}), (s:Entity {name_lc: $s}) MERGE (v)-[:HAS_PASSWORD {trust: 0.9}]->(s)",
                Map.of("v", vault.toLowerCase(), "s", secret.toLowerCase()));
        awaitHit(vault, memberKey);
        io.moe.it.Poll.until(() -> Graph.cypher("MATCH (e:Entity {name_lc: $m}) WHERE e.embedding IS NOT NULL RETURN e", Map.of("m", mail)),
                rows -> !rows.isEmpty(), java.time.Duration.ofSeconds(60), "the address's entity embedded, so search could find it");

        for (String q : List.of(vault, mail, "opsdesk example.com")) {
            JsonObject page = Graph.ok(Graph.get("/search?q=" + Graph.encode(q) + "&limit=50", memberKey));
            for (JsonObject hit : page.getJsonArray("data").getValuesAs(JsonObject.class)) {
                assertFalse(hit.toString().contains("@example.com"), "no e-mail address reaches a key's search: " + hit);
                assertFalse("HAS_PASSWORD".equals(hit.getString("predicate", "")), "no excluded relation type either: " + hit);
            }
        }
    }

    @Test
    void searchPagesThroughOneRankedList() {
        String domain = Graph.domain();
        String stem = Graph.word("Pagelor");
        Graph.importBundle(Graph.request(Graph.bundle(List.of(entity(stem, domain), entity(stem + " alpha", domain),
                entity(stem + " beta", domain), entity(stem + " gamma", domain)), List.of()), "paging_test"));
        awaitHit(stem, ItConfig.apiKey());

        JsonObject whole = Graph.ok(Graph.get("/search?q=" + Graph.encode(stem) + "&limit=4"));
        JsonObject second = Graph.ok(Graph.get("/search?q=" + Graph.encode(stem) + "&offset=2&limit=2"));

        assertEquals(4, whole.getJsonArray("data").size());
        assertEquals(whole.getJsonArray("data").subList(2, 4), second.getJsonArray("data"), "page 2 is the list's items 3 and 4");
        assertEquals(2, second.getInt("offset"));
        assertTrue(second.getInt("total") >= 4);
    }

    @Test
    void anEmptyOrOverLongQueryOrABadPageIsRefusedWith400() {
        for (String query : List.of("", "q=", "q=%20%20", "q=" + "a".repeat(501), "q=x&limit=0", "q=x&limit=51",
                "q=x&offset=-1", "q=x&offset=190&limit=20", "q=x&limit=ten",
                "q=x&offset=2147483647&limit=1", "q=x&offset=2147483600&limit=50")) { // offset + limit beyond an int
            var response = Graph.get("/search?" + query, memberKey);
            assertEquals(400, response.statusCode(), query + " → " + response.body());
        }
    }

    @Test
    void statsAndSearchNeedAValidKey() {
        assertEquals(401, Http.get(Graph.BASE + "/stats").statusCode());
        assertEquals(401, Http.get(Graph.BASE + "/search?q=x").statusCode());
        assertEquals(401, Graph.get("/stats", "moe-sk-" + "0".repeat(48)).statusCode());
    }

    @Test
    void exportAndImportAreForAdminsOnly() {
        assertEquals(403, Graph.get("/knowledge/export", memberKey).statusCode());
        String body = Graph.request(Graph.bundle(List.of(entity(Graph.word("Denied"), Graph.domain())), List.of()), "denied").toString();
        assertEquals(403, Http.post(Graph.BASE + "/knowledge/import", body, "Authorization", Http.bearer(memberKey)).statusCode());
        assertEquals(403, Http.post(Graph.BASE + "/knowledge/import/validate", body, "Authorization", Http.bearer(memberKey)).statusCode());
        assertEquals(401, Http.get(Graph.BASE + "/knowledge/export").statusCode());
        assertEquals(401, Http.post(Graph.BASE + "/knowledge/import", body).statusCode());
    }

    /** Searches until the name is the first hit (its embedding is written in the background), at most 60 s. */
    static JsonObject awaitHit(String name, String key) {
        Instant deadline = Instant.now().plusSeconds(60);
        while (true) {
            JsonObject page = Graph.ok(Graph.get("/search?q=" + Graph.encode(name) + "&limit=10", key));
            var data = page.getJsonArray("data");
            if (!data.isEmpty() && name.equals(data.getJsonObject(0).getString("name", null))) {
                return page;
            }
            assertTrue(Instant.now().isBefore(deadline), "not found by search within 60 s: " + page);
            Graph.pause();
        }
    }
}
