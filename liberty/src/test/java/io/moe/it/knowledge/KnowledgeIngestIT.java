package io.moe.it.knowledge;

import io.moe.it.Http;
import io.moe.it.ItConfig;
import io.moe.it.Simulator;
import io.moe.it.identity.Admin;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The moe.ingest consumer extracts triples with the judge of the template the answer came from, and files them under its domain. */
class KnowledgeIngestIT {

    @Test
    void anAnswerIsIngestedWithTheJudgeOfItsTemplateIntoItsFirstCategory() {
        String name = "it-ingest-" + UUID.randomUUID().toString().substring(0, 8);
        var created = Admin.post(ItConfig.adminUrl() + "/api/expert-templates", "{\"name\":\"" + name + "\",\"planner_model\":\"sim-planner:7b@local\","
                + "\"judge_model\":\"sim-judge:14b@local\",\"experts\":{\"general\":{\"models\":"
                + "[{\"model\":\"sim-general:8b\",\"endpoint\":\"local\",\"role\":\"primary\"}]}}}");
        assertEquals(201, created.statusCode(), created.body());
        String id = Http.object(created).getString("id");
        try {
            String marker = Graph.marker();
            String responseId = Graph.ask(name, "Describe the old lighthouse " + marker + " " + io.moe.it.Phrases.words(4));
            Graph.awaitIngested(responseId);

            List<JsonObject> extraction = Simulator.callsContaining(marker).getValuesAs(JsonObject.class).stream()
                    .filter(c -> c.getString("role").equals("triples")).toList();
            assertFalse(extraction.isEmpty(), "the extraction call was logged");
            assertEquals("sim-judge:14b", extraction.get(0).getString("model"), "the template's judge, not the default template's (sim-judge:32b)");
            assertEquals(512, extraction.get(0).getInt("max_tokens", 0), "bounded like every model call (moe.max-tokens.internal)");
            String domain = Graph.cypher("MATCH (s:Entity)-[r]->() WHERE $id IN r.response_ids RETURN s.domain AS d LIMIT 1",
                    Map.of("id", responseId)).get(0).get("d").asString();
            assertEquals("general", domain, "the plan's first category");
        } finally {
            Admin.delete(ItConfig.adminUrl() + "/api/expert-templates/" + id);
        }
    }

    @Test
    void anAnswerWhoseJudgeFailsForAWhileIsIngestedOnceTheJudgeAnswersAgain() {
        String marker = Graph.marker();
        String outage = Simulator.addRule(Json.createObjectBuilder()
                .add("match", Json.createObjectBuilder().add("contains", marker).add("role", "triples"))
                .add("action", Json.createObjectBuilder().add("fault", "http_503")).add("times", 2).build());
        try {
            String responseId = Graph.ask("moe-orchestrator", "Describe the old lighthouse " + marker + " " + io.moe.it.Phrases.words(4));
            Graph.awaitIngested(responseId);

            List<String> attempts = Simulator.callsContaining(marker).getValuesAs(JsonObject.class).stream()
                    .filter(c -> c.getString("role").equals("triples")).map(c -> String.valueOf(c.get("fault"))).toList();
            assertEquals(3, attempts.size(), "two failed attempts, then the one that answered: " + attempts);
            assertTrue(attempts.get(0).contains("http_503") && attempts.get(1).contains("http_503"), attempts.toString());
        } finally {
            Simulator.removeRule(outage);
        }
    }

    @Test
    void aRatingFlagsTheTriplesOfTheRatedAnswerWhetherItCameBeforeOrAfterTheirIngest() {
        String early = Graph.marker();
        String slowJudge = Simulator.addRule(Json.createObjectBuilder()
                .add("match", Json.createObjectBuilder().add("contains", early).add("role", "triples"))
                .add("action", Json.createObjectBuilder().add("latency_ms", 3000)).build());
        try {
            String first = Graph.ask("moe-orchestrator", "Describe the old lighthouse " + early + " " + io.moe.it.Phrases.words(4));
            assertEquals(200, rate(first, 1).statusCode(), "rated while its triples are still being extracted");
            Graph.awaitIngested(first);
            assertEquals(List.of(true, true), flags(first), "the rating given first applies to the triples written after it");
        } finally {
            Simulator.removeRule(slowJudge);
        }

        String late = Graph.marker();
        String second = Graph.ask("moe-orchestrator", "Describe the old lighthouse " + late + " " + io.moe.it.Phrases.words(4));
        Graph.awaitIngested(second);
        assertEquals(List.of(false, false), flags(second));
        var rated = rate(second, 2);
        assertEquals(200, rated.statusCode(), rated.body());
        assertEquals(2, Http.object(rated).getJsonObject("effects").getInt("graph_relations_from_answer_flagged"), rated.body());
        assertEquals(List.of(true, true), flags(second));
    }

    private static java.net.http.HttpResponse<String> rate(String responseId, int rating) {
        return Http.post(ItConfig.orchestratorUrl() + "/v1/feedback", Json.createObjectBuilder().add("response_id", responseId)
                .add("rating", rating).build().toString(), "Authorization", Http.bearer(ItConfig.apiKey()));
    }

    private static List<Boolean> flags(String responseId) {
        return Graph.cypher("MATCH (:Entity)-[r]->(:Entity) WHERE $id IN r.response_ids RETURN coalesce(r.flagged, false) AS f",
                Map.of("id", responseId)).stream().map(r -> r.get("f").asBoolean()).toList();
    }
}
