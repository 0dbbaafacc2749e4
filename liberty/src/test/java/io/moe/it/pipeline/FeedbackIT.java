package io.moe.it.pipeline;

import io.moe.it.Http;
import io.moe.it.ItConfig;
import io.moe.it.identity.Admin;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.util.List;

import static io.moe.it.pipeline.Pipeline.ask;
import static io.moe.it.pipeline.Pipeline.marker;
import static io.moe.it.pipeline.Pipeline.trace;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Rule 15 through POST /v1/feedback, the learned planner patterns, and who may see a trace. */
class FeedbackIT {

    static final String FEEDBACK = ItConfig.orchestratorUrl() + "/v1/feedback";

    static HttpResponse<String> rate(String id, int rating, String correction, String key) {
        var body = Json.createObjectBuilder().add("response_id", id).add("rating", rating);
        if (correction != null) {
            body.add("correction", correction);
        }
        return Http.post(FEEDBACK, body.build().toString(), "Authorization", Http.bearer(key));
    }

    @Test
    void aGoodRatingRaisesScoresAndStoresThePlannerPattern() {
        String m = marker();
        try (var script = new Pipeline.Script()) {
            script.add(Pipeline.plan(m, Json.createArrayBuilder().add(Pipeline.task("Explain " + m, "science"))
                    .add(Pipeline.task("Translate " + m, "translation")).build()));
            // a new user: a user's first vote of the day for a model and category is the one that counts
            String key = LearnedMaterialIT.newUser()[1];
            String id = LearnedMaterialIT.ask(key, "Explain and translate " + m).getString("id");
            trace(id, key);
            HttpResponse<String> rated = rate(id, 5, null, key);

            assertEquals(200, rated.statusCode(), rated.body());
            JsonObject effects = Http.object(rated).getJsonObject("effects");
            assertEquals(2, effects.getInt("model_scores"), effects.toString());
            assertEquals("science+translation", effects.getString("planner_pattern"));
            String patterns = Http.get(ItConfig.orchestratorUrl() + "/v1/admin/planner-patterns",
                    "Authorization", Http.bearer(ItConfig.apiKey())).body();
            assertTrue(patterns.contains("\"pattern\":\"science+translation\""), patterns);
            assertEquals(409, rate(id, 4, null, key).statusCode(), "one rating per response");
        }
    }

    @Test
    void aBadRatingWithANumericCorrectionBecomesAnErrorExampleForTheExperts() {
        String m = marker();
        String id;
        try (var script = new Pipeline.Script()) {
            // creative_writer: a category no other test rates, so this low rating moves no other test's model
            script.add(Pipeline.plan(m, Json.createArrayBuilder().add(Pipeline.task("Tell the tower's height " + m, "creative_writer")).build()));
            id = ask("moe-orchestrator", "How tall is the tower of " + m).getString("id");
        }
        trace(id);
        HttpResponse<String> rated = rate(id, 1, "It is 324 metres tall, not 300.", ItConfig.apiKey());
        assertEquals(200, rated.statusCode(), rated.body());
        JsonObject effects = Http.object(rated).getJsonObject("effects");
        assertTrue(effects.getBoolean("error_example_stored"), effects.toString());
        assertTrue(effects.getBoolean("cache_entry_flagged"), "the cached answer is flagged: " + effects);

        String next = marker();
        try (var script = new Pipeline.Script()) {
            script.add(Pipeline.plan(next, Json.createArrayBuilder().add(Pipeline.task("Write a poem " + next, "creative_writer")).build()));
            ask("moe-orchestrator", "Something else entirely " + next);
        }
        String expertInput = Pipeline.calls(next, "expert").get(0).getString("user");
        assertTrue(expertInput.contains("Correction: It is 324 metres tall"), expertInput);
    }

    @Test
    void theTraceAndABadRatingWorkTheMomentTheAnswerArrivesPlainOrStreamed() {
        String question = "Why do the seasons change " + marker();
        String plain = ask("moe-orchestrator", question).getString("id");
        HttpResponse<String> trace = Http.get(ItConfig.orchestratorUrl() + "/v1/responses/" + plain + "/trace",
                "Authorization", Http.bearer(ItConfig.apiKey()));
        assertEquals(200, trace.statusCode(), "the trace, asked for once, right after the answer: " + trace.body());
        assertEquals(plain, Http.object(trace).getString("response_id"));
        HttpResponse<String> rated = rate(plain, 1, null, ItConfig.apiKey());
        assertEquals(200, rated.statusCode(), "rated right after the answer: " + rated.body());
        assertTrue(Http.object(rated).getJsonObject("effects").getBoolean("cache_entry_flagged"),
                "the answer's cache entry exists by the time the rating applies, and is flagged: " + rated.body());
        assertNotEquals("hard", Pipeline.trace(ask("moe-orchestrator", question).getString("id")).getJsonObject("cache")
                .getString("path"), "the flagged answer is not served again");

        HttpResponse<String> streamed = Http.post(Pipeline.CHAT, Json.createObjectBuilder().add("model", "moe-orchestrator")
                .add("stream", true).add("messages", Json.createArrayBuilder().add(Json.createObjectBuilder().add("role", "user")
                        .add("content", "Why is the sea salty, streamed " + marker()))).build().toString(), "Authorization", Http.bearer(ItConfig.apiKey()));
        assertEquals(200, streamed.statusCode(), streamed.body());
        java.util.regex.Matcher id = java.util.regex.Pattern.compile("\"id\":\"(chatcmpl-[^\"]+)\"").matcher(streamed.body());
        assertTrue(id.find(), streamed.body());
        assertEquals(200, rate(id.group(1), 5, null, ItConfig.apiKey()).statusCode(), "a streamed answer, rated as soon as it ended");
    }

    @Test
    void onlyTheKeyThatReceivedTheAnswerMayRateItOrReadItsTrace() {
        String id = ask("moe-orchestrator", "A private question " + marker()).getString("id");
        trace(id);
        String user = Admin.newUser();
        Admin.grant(user, "moe_mode", "moe_orchestrated");
        String other = Admin.newKey(user)[1];

        assertEquals(404, rate(id, 5, null, other).statusCode());
        assertEquals(404, Http.get(ItConfig.orchestratorUrl() + "/v1/responses/" + id + "/trace", "Authorization", Http.bearer(other)).statusCode());
        assertEquals(401, Http.post(FEEDBACK, "{\"response_id\":\"" + id + "\",\"rating\":5}").statusCode());
        assertEquals(403, Http.get(ItConfig.orchestratorUrl() + "/v1/admin/planner-patterns", "Authorization", Http.bearer(other)).statusCode());
    }

    @Test
    void badFeedbackIsA400WithAMessage() {
        for (String body : new String[]{"", "[]", "{\"rating\":5}", "{\"response_id\":\"chatcmpl-x\",\"rating\":7}",
                "{\"response_id\":\"chatcmpl-x\",\"rating\":\"5\"}", "{\"response_id\":\"chatcmpl-x\",\"rating\":2.5}",
                "{\"response_id\":\"chatcmpl-x\",\"rating\":2,\"correction\":5}", "{\"response_id\":\"chatcmpl-x\",\"rating\":1e99999999999}",
                "{\"response_id\":\"chatcmpl-x\",\"rating\":" + "9".repeat(1200) + "}"}) { // numbers the JSON reader cannot hold
            HttpResponse<String> r = Http.post(FEEDBACK, body, "Authorization", Http.bearer(ItConfig.apiKey()));
            assertEquals(400, r.statusCode(), body + " -> " + r.body());
            assertTrue(Http.object(r).getJsonObject("error").getString("message").length() > 10);
        }
        assertEquals(404, rate("chatcmpl-unknown", 3, null, ItConfig.apiKey()).statusCode());
        for (String limit : new String[]{"abc", "99999999999", "0"}) {
            HttpResponse<String> r = Http.get(ItConfig.orchestratorUrl() + "/v1/admin/planner-patterns?limit=" + limit,
                    "Authorization", Http.bearer(ItConfig.apiKey()));
            assertEquals(400, r.statusCode(), "limit=" + limit + " is bad input, not a missing route: " + r.body());
        }
    }

    @Test
    void theTraceShowsPlanModelsTiersConfidenceAndTimePerStage() {
        JsonObject trace = trace(ask("moe-orchestrator", "Trace me " + marker()).getString("id"));
        assertEquals(1, trace.getJsonArray("plan").size());
        JsonObject expert = trace.getJsonArray("experts").getJsonObject(0);
        assertTrue(expert.containsKey("model") && expert.containsKey("tier") && expert.containsKey("confidence"));
        assertTrue(trace.getJsonArray("stages").getValuesAs(JsonObject.class).stream()
                .anyMatch(s -> s.getString("stage").equals("planner") && s.getInt("model_calls") == 1 && s.getInt("prompt_tokens") > 0));
        assertTrue(List.of("miss", "soft").contains(trace.getJsonObject("cache").getString("path")), trace.toString());
        assertTrue(trace.getJsonObject("usage").getInt("total_tokens") > 0);
    }

    @Test
    void expertCallsAndConfidenceAreCountedOnMetrics() {
        String before = io.moe.it.Metrics.text();
        JsonObject answer = ask("moe-orchestrator", "Count me " + marker());
        String after = io.moe.it.Metrics.text();
        List<JsonObject> experts = trace(answer.getString("id")).getJsonArray("experts").getValuesAs(JsonObject.class);
        assertFalse(experts.isEmpty(), "the request reached an expert");
        long sure = experts.stream().filter(e -> "hoch".equals(e.getString("confidence"))).count();
        assertTrue(sure > 0, "the simulator's experts answer with confidence hoch: " + experts);
        // Tests run one at a time, so between the two reads only this request moved these counters.
        assertEquals(experts.size(), moved(before, after, "moe_expert_calls_total", "category=\"general\""),
                "one expert call counted per expert of this request");
        assertEquals(sure, moved(before, after, "moe_confidence_total", "category=\"general\"", "level=\"hoch\""),
                "one confidence counted per expert answer of this level");
    }

    private static long moved(String before, String after, String metric, String... labels) {
        return Math.round(io.moe.it.Metrics.sum(after, metric, labels) - io.moe.it.Metrics.sum(before, metric, labels));
    }
}
