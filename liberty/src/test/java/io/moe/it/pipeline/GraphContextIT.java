package io.moe.it.pipeline;

import io.moe.it.Http;
import io.moe.it.ItConfig;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;
import org.neo4j.driver.AuthTokens;
import org.neo4j.driver.Driver;
import org.neo4j.driver.GraphDatabase;

import java.util.Map;

import static io.moe.it.pipeline.Pipeline.ask;
import static io.moe.it.pipeline.Pipeline.calls;
import static io.moe.it.pipeline.Pipeline.marker;
import static io.moe.it.pipeline.Pipeline.trace;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Rule 3's graph context: two hops of the knowledge graph around the question's terms reach the judge. */
class GraphContextIT {

    @Test
    void factsTwoHopsAroundAQuestionTermReachTheMergerAndTheTrace() {
        String term = Pipeline.word();
        try (Driver neo4j = GraphDatabase.driver(ItConfig.neo4jUri(), AuthTokens.none()); var session = neo4j.session()) {
            // Headache and Dehydration may be in the graph already (names are unique there): merged, not created
            session.run("CREATE (a:Entity {name: $a, name_lc: $a}) MERGE (b:Entity {name_lc: 'headache'}) SET b.name = 'Headache' "
                    + "MERGE (c:Entity {name_lc: 'dehydration'}) SET c.name = 'Dehydration' "
                    + "CREATE (a)-[:TREATS {trust: 0.9}]->(b) MERGE (b)-[h:CAUSED_BY]->(c) SET h.trust = 0.7, h.flagged = false",
                    Map.of("a", term)).consume();
        }
        JsonObject answer = ask("moe-orchestrator", "What does " + term + " do? " + marker());

        JsonObject trace = trace(answer.getString("id"));
        String facts = trace.getJsonArray("graph_facts").toString();
        assertTrue(facts.contains(term + " TREATS Headache"), facts);
        assertTrue(facts.contains("Headache CAUSED_BY Dehydration"), "the second hop is included: " + facts);
        assertTrue(calls(term, "judge").get(0).getString("user").contains("## Knowledge graph"),
                "graph context means no fast path: the judge merges it");
    }

    @Test
    void aFactFlaggedByARatingIsLeftOutOfTheNextAnswerToTheSameQuestion() {
        String term = Pipeline.word();
        try (Driver neo4j = GraphDatabase.driver(ItConfig.neo4jUri(), AuthTokens.none()); var session = neo4j.session()) {
            session.run("CREATE (:Entity {name: $a, name_lc: $a})-[:TREATS {trust: 0.9}]->(:Entity {name: $b, name_lc: $b})",
                    Map.of("a", term, "b", term + "itis")).consume();
        }
        String question = "What does " + term + " do? " + marker();
        JsonObject first = Pipeline.askPastTheCache("moe-orchestrator", question);
        assertTrue(trace(first.getString("id")).getJsonArray("graph_facts").toString().contains(term + " TREATS " + term + "itis"));

        var rated = Http.post(ItConfig.orchestratorUrl() + "/v1/feedback", jakarta.json.Json.createObjectBuilder()
                .add("response_id", first.getString("id")).add("rating", 1).build().toString(), "Authorization", Http.bearer(ItConfig.apiKey()));
        assertEquals(200, rated.statusCode(), rated.body());
        assertEquals(1, Http.object(rated).getJsonObject("effects").getInt("graph_relations_flagged"), rated.body());

        JsonObject again = Pipeline.askPastTheCache("moe-orchestrator", question);
        String facts = trace(again.getString("id")).getJsonArray("graph_facts").toString();
        assertTrue(!facts.contains(term + " TREATS"), "the flagged fact, not the fact list kept for this question an answer ago: " + facts);
    }

    @Test
    void anAnswerIsIngestedIntoTheGraphAsUnverifiedTriples() {
        String marker = marker();
        String id = ask("moe-orchestrator", "Describe the old lighthouse " + marker).getString("id");
        java.time.Instant deadline = java.time.Instant.now().plusSeconds(90);
        try (Driver neo4j = GraphDatabase.driver(ItConfig.neo4jUri(), AuthTokens.none()); var session = neo4j.session()) {
            while (true) {
                var rows = session.run("MATCH (:Entity)-[r]->(:Entity) WHERE $id IN r.response_ids RETURN r.verified AS verified, "
                        + "r.source AS source, r.trust AS trust", Map.of("id", id)).list();
                if (!rows.isEmpty()) {
                    assertTrue(rows.size() <= 8, "at most 8 triples per answer");
                    assertEquals(false, rows.get(0).get("verified").asBoolean());
                    assertEquals("ingest", rows.get(0).get("source").asString());
                    assertEquals(0.5, rows.get(0).get("trust").asDouble());
                    return;
                }
                assertTrue(java.time.Instant.now().isBefore(deadline), () -> "the answer was not ingested within 90 s; cache path "
                        + trace(id).get("cache") + "; extraction calls seen by the simulator: " + calls(marker, "triples").size());
                Pipeline.pause();
            }
        }
    }

    @Test
    void termsTheGraphDoesNotKnowAreReportedAsOntologyGaps() {
        String term = Pipeline.word();
        ask("moe-orchestrator", "Explain " + term + " please " + marker());
        var response = Http.get(ItConfig.orchestratorUrl() + "/v1/admin/ontology-gaps?limit=500", "Authorization", Http.bearer(ItConfig.apiKey()));
        assertEquals(200, response.statusCode());
        assertTrue(response.body().contains("\"term\":\"" + term + "\""), response.body());
    }
}
