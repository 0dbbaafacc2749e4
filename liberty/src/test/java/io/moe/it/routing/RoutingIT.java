package io.moe.it.routing;

import io.moe.it.Events;
import io.moe.it.Http;
import io.moe.it.ItConfig;
import io.moe.it.NodeTest;
import io.moe.it.Simulator;
import io.moe.it.identity.Admin;
import io.moe.simulator.ModelSimulator;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Per-request routing against a second inference server added at run time: a second simulator
 * ("gpu2-…", its own models, cost_factor 2.5). Native ids need the moe_mode grant native and a model_endpoint grant
 * (exact or {@code *@server}); GET /v1/models lists exactly what a key may use; a native request reaches that
 * server (its own call log shows it), and is billed with the server's cost factor.
 */
class RoutingIT {

    private static final String SERVERS = ItConfig.adminUrl() + "/api/servers";
    private static final String CHAT = ItConfig.orchestratorUrl() + "/v1/chat/completions";
    private static final String MODELS = ItConfig.orchestratorUrl() + "/v1/models";

    private static ModelSimulator gpu2;
    private static String server;
    private static String serverId;

    @BeforeAll
    static void addSecondServer() {
        gpu2 = ModelSimulator.start(0, List.of("gpu2-coder:14b", "gpu2-small:3b"));
        server = "gpu2-" + UUID.randomUUID().toString().substring(0, 8);
        HttpResponse<String> added = Admin.post(SERVERS, "{\"name\":\"" + server + "\",\"url\":\"" + gpu2.baseUrl()
                + "\",\"api_type\":\"openai\",\"concurrency\":4,\"timeout_seconds\":30,\"cost_factor\":2.5}");
        assertEquals(201, added.statusCode(), added.body());
        serverId = Http.object(added).getString("id");
        Instant deadline = Instant.now().plusSeconds(30);
        while (Instant.now().isBefore(deadline)) {
            JsonObject listed = Http.object(Admin.get(SERVERS)).getJsonArray("servers").getValuesAs(JsonObject.class).stream()
                    .filter(s -> s.getString("name").equals(server)).findFirst().orElseThrow();
            if ("healthy".equals(listed.getString("state")) && listed.getJsonArray("models").size() == 2) {
                return;
            }
        }
        fail("the second server was not listed healthy with its two models within 30 s");
    }

    @AfterAll
    static void removeSecondServer() {
        Admin.delete(SERVERS + "/" + serverId);
        gpu2.close();
    }

    private static String coder() {
        return "gpu2-coder:14b@" + server;
    }

    private static HttpResponse<String> chat(String key, String model, String text) {
        return Http.post(CHAT, "{\"model\":\"" + model + "\",\"messages\":[{\"role\":\"user\",\"content\":\"" + text + "\"}]}",
                "Authorization", Http.bearer(key), "Content-Type", "application/json");
    }

    private static List<String> modelIds(String key) {
        HttpResponse<String> r = Http.get(MODELS, "Authorization", Http.bearer(key));
        assertEquals(200, r.statusCode(), r.body());
        return Http.object(r).getJsonArray("data").getValuesAs(JsonObject.class).stream().map(m -> m.getString("id")).toList();
    }

    @Test
    void aNativeIdNeedsTheNativeModeGrantAndItsEndpointGrantAndAnUnknownIdListsWhatTheKeyMayUse() {
        String user = Admin.newUser();
        String key = Admin.newKey(user)[1];
        Admin.grant(user, "model_endpoint", "*@" + server); // enough for own templates, not for direct calls
        HttpResponse<String> noMode = chat(key, coder(), "hello");
        assertEquals(403, noMode.statusCode(), noMode.body());
        assertEquals("permission_denied", Http.object(noMode).getJsonObject("error").getString("code"));
        assertTrue(noMode.body().contains("'native'"), "names the grant that would allow it: " + noMode.body());
        assertFalse(modelIds(key).contains(coder()), "nor are the server's models listed");

        user = Admin.newUser();
        key = Admin.newKey(user)[1];
        Admin.grant(user, "moe_mode", "native");
        HttpResponse<String> refused = chat(key, coder(), "hello");
        assertEquals(403, refused.statusCode(), refused.body());
        assertEquals("endpoint_not_authorized", Http.object(refused).getJsonObject("error").getString("code"));
        assertTrue(refused.body().contains("*@" + server), "names the grant that would allow it: " + refused.body());

        Admin.grant(user, "model_endpoint", "gpu2-small:3b@" + server);
        HttpResponse<String> unknown = chat(key, "no-such-model", "hello");
        assertEquals(404, unknown.statusCode(), unknown.body());
        JsonObject error = Http.object(unknown).getJsonObject("error");
        assertEquals("model_not_found", error.getString("code"));
        assertTrue(error.getString("message").contains("gpu2-small:3b@" + server), error.getString("message"));
        assertEquals(403, chat(key, coder(), "hello").statusCode(), "an exact grant allows only its own model");
        assertEquals(200, chat(key, "gpu2-small:3b@" + server, "hello").statusCode(), "and that model answers");
    }

    @Test
    void theModelListIsExactlyWhatTheKeyMayUse() {
        String user = Admin.newUser();
        String key = Admin.newKey(user)[1];
        assertEquals(List.of(), modelIds(key), "a new user may use nothing");

        Admin.grant(user, "moe_mode", "moe_orchestrated");
        Admin.grantDirectCalls(user, "*@" + server);
        List<String> ids = modelIds(key);
        assertTrue(ids.containsAll(List.of("moe-orchestrator", "moe-orchestrator-code", coder(), "gpu2-small:3b@" + server)), ids.toString());
        assertFalse(ids.contains("moe-orchestrator-research"), "moe_reasoning modes are not granted: " + ids);
        assertFalse(ids.stream().anyMatch(id -> id.endsWith("@local")), "no other server's models: " + ids);

        HttpResponse<String> anonymous = Http.get(MODELS);
        assertEquals(8, Http.object(anonymous).getJsonArray("data").size(), "without a key: the eight modes");
        assertEquals(401, Http.get(MODELS, "Authorization", "Bearer moe-sk-not-a-key").statusCode());
    }

    @Test
    void aNativeRequestReachesTheNamedServerAndIsBilledWithItsCostFactor() {
        String user = Admin.newUser();
        String key = Admin.newKey(user)[1];
        Admin.grantDirectCalls(user, "*@" + server);
        String marker = "native" + UUID.randomUUID().toString().replace("-", "").substring(0, 10);
        HttpResponse<String> answered = chat(key, coder(), "Answer directly " + marker);
        assertEquals(200, answered.statusCode(), answered.body());
        JsonObject completion = Http.object(answered);
        long total = completion.getJsonObject("usage").getJsonNumber("total_tokens").longValue();
        assertTrue(total > 0, answered.body());

        JsonArray calls = Http.object(Http.get(gpu2.baseUrl() + "/_sim/calls")).getJsonArray("calls");
        assertTrue(calls.getValuesAs(JsonObject.class).stream().anyMatch(c -> c.getString("user").contains(marker)
                && c.getString("model").equals("gpu2-coder:14b")), "the second server answered, under its own model name: " + calls);

        JsonObject row = usageRow(user);
        assertEquals("native", row.getString("moe_mode"));
        assertEquals(coder(), row.getString("model"));
        assertEquals(total, row.getJsonNumber("total_tokens").longValue(), "raw tokens as the server reported them");
        assertEquals(Math.round(total * 2.5), row.getJsonNumber("weighted_tokens").longValue(), "weighted by cost_factor 2.5");
    }

    @Test
    void aNativeMaxTokensOutOfRangeIsRefusedNamingItInsteadOfFailingTheBudget() {
        String user = Admin.newUser();
        String key = Admin.newKey(user)[1];
        Admin.grantDirectCalls(user, "*@" + server);
        assertEquals(200, Admin.put(Admin.USERS + "/" + user + "/budget", "{\"daily_limit\":100000}").statusCode());
        for (String field : new String[] {"max_tokens", "max_tokens", "max_tokens", "max_tokens", "max_completion_tokens"}) {
            HttpResponse<String> refused = Http.post(CHAT, "{\"model\":\"" + coder() + "\",\"" + field + "\":9223372036854775807,"
                    + "\"messages\":[{\"role\":\"user\",\"content\":\"hello\"}]}", "Authorization", Http.bearer(key), "Content-Type", "application/json");
            assertEquals(400, refused.statusCode(), "not a 503 of the budget store: " + refused.body());
            JsonObject error = Http.object(refused).getJsonObject("error");
            assertEquals("invalid_max_tokens", error.getString("code"));
            assertTrue(error.getString("message").startsWith("'" + field + "' must be an integer from 1 to "), error.getString("message"));
        }
        assertEquals(200, chat(key, coder(), "hello after five refusals").statusCode(), "the refusals hold none of the user's four places");
    }

    @Test
    void aNativeStreamKeepsItsConnectionAliveWhileTheServerIsStillReadingThePrompt() {
        String user = Admin.newUser();
        String key = Admin.newKey(user)[1];
        Admin.grantDirectCalls(user, "*@local");
        String marker = "prefill" + UUID.randomUUID().toString().replace("-", "").substring(0, 10);
        String rule = Simulator.addRule(Json.createObjectBuilder().add("match", Json.createObjectBuilder().add("contains", marker))
                .add("action", Json.createObjectBuilder().add("content", "Read it all.").add("first_token_delay_ms", 2500)).build());
        try {
            HttpResponse<String> r = Http.post(CHAT, "{\"model\":\"sim-general:8b@local\",\"stream\":true,\"messages\":[{\"role\":\"user\","
                    + "\"content\":\"A long prompt " + marker + "\"}]}", "Authorization", Http.bearer(key), "Content-Type", "application/json");
            assertEquals(200, r.statusCode(), r.body());
            List<String> lines = r.body().lines().toList();
            long comments = lines.stream().filter(": keep-alive"::equals).count();
            assertTrue(comments >= 2, "a comment each second (the test server's keep-alive) of the server's 2.5 s silence: " + r.body());
            for (int i = 1; i < lines.size(); i++) {
                if (lines.get(i).equals(": keep-alive")) {
                    assertTrue(lines.get(i - 1).isEmpty(), "a comment only between two events, never inside one: " + r.body());
                }
            }
            assertTrue(r.body().contains("Read"), "the answer follows: " + r.body());
            assertEquals("data: [DONE]", lines.stream().filter(l -> l.startsWith("data:")).reduce((a, b) -> b).orElse(""), r.body());
        } finally {
            Simulator.removeRule(rule);
        }
    }

    @Test
    void aNativeAnswerLongerThan150CharactersIsAuditedLikeAPipelineAnswer() {
        String user = Admin.newUser();
        String key = Admin.newKey(user)[1];
        Admin.grantDirectCalls(user, "*@" + server);
        String marker = "audit" + UUID.randomUUID().toString().replace("-", "").substring(0, 10);
        String answer = "A native answer for the audit trail, " + "long enough to be audited by the orchestrator. ".repeat(4);
        HttpResponse<String> rule = Http.post(gpu2.baseUrl() + "/_sim/rules", Json.createObjectBuilder()
                .add("match", Json.createObjectBuilder().add("contains", marker))
                .add("action", Json.createObjectBuilder().add("content", answer).add("confidence", "none")).build().toString());
        assertEquals(201, rule.statusCode(), rule.body());
        try {
            assertEquals(200, chat(key, coder(), "Answer plainly " + marker).statusCode());
            HttpResponse<String> streamed = Http.post(CHAT, Json.createObjectBuilder().add("model", coder()).add("stream", true)
                    .add("messages", Json.createArrayBuilder().add(Json.createObjectBuilder().add("role", "user")
                            .add("content", "Answer in a stream " + marker))).build().toString(),
                    "Authorization", Http.bearer(key), "Content-Type", "application/json");
            assertEquals(200, streamed.statusCode(), streamed.body());
            for (String asked : List.of("Answer plainly " + marker, "Answer in a stream " + marker)) {
                JsonObject event = Events.find("moe.requests", e -> e.getString("input", "").equals(asked), 30)
                        .orElseThrow(() -> new AssertionError("no moe.requests event for '" + asked + "'"));
                assertEquals(user, event.getString("user_id"));
                assertEquals("native", event.getString("mode"));
                assertEquals(List.of(coder()), event.getJsonArray("models").getValuesAs(jakarta.json.JsonString.class).stream()
                        .map(jakarta.json.JsonString::getString).toList());
                assertTrue(answer.startsWith(event.getString("answer_snippet")) && event.getString("answer_snippet").length() >= 150,
                        "the answer's beginning: " + event);
                assertTrue(event.getJsonNumber("total_tokens").longValue() > 0, event.toString());
            }
        } finally {
            Http.delete(gpu2.baseUrl() + "/_sim/rules/" + Http.object(rule).getString("id"));
        }
    }

    @Test
    void theOpenAiSdkPassesThroughPlainStreamedAndAToolCallRoundTrip() throws IOException, InterruptedException {
        String user = Admin.newUser();
        String key = Admin.newKey(user)[1];
        Admin.grantDirectCalls(user, coder());
        NodeTest result = NodeTest.run("native.test.mjs", Map.of("API_KEY", key, "NATIVE_MODEL", coder()));
        assertEquals(0, result.exitCode(), result.output());
        assertTrue(result.output().contains("# pass 3"), result.output());
    }

    /** A template whose planner, judge, tool model and experts are all on the second server. */
    private static JsonObject templateOnTheSecondServer() {
        return templateOnTheSecondServer(1.0);
    }

    private static JsonObject templateOnTheSecondServer(double costFactor) {
        String name = "gpu2-team-" + UUID.randomUUID().toString().substring(0, 8);
        String model = "\"gpu2-coder:14b@" + server + "\"";
        String body = "{\"name\":\"" + name + "\",\"planner_model\":" + model + ",\"judge_model\":" + model
                + ",\"tool_model\":\"gpu2-small:3b@" + server + "\",\"enable_cache\":false,\"cost_factor\":" + costFactor + ","
                + "\"experts\":{\"general\":{\"models\":[{\"model\":\"gpu2-coder:14b\",\"endpoint\":\"" + server
                + "\",\"role\":\"primary\"}]}}}";
        HttpResponse<String> created = Admin.post(ItConfig.adminUrl() + "/api/expert-templates", body);
        assertEquals(201, created.statusCode(), created.body());
        return Http.object(created);
    }

    @Test
    void aTemplateOnTheSecondServerNeedsItsGrantAndItsModelsAnswer() {
        JsonObject template = templateOnTheSecondServer();
        String name = template.getString("name");
        String user = Admin.newUser();
        String key = Admin.newKey(user)[1];
        HttpResponse<String> refused = chat(key, name, "hello");
        assertEquals(403, refused.statusCode(), refused.body());
        assertEquals("template_not_authorized", Http.object(refused).getJsonObject("error").getString("code"));

        Admin.grant(user, "expert_template", "tmpl-" + template.getString("id"));
        assertTrue(modelIds(key).contains(name), "the granted template is listed");
        String marker = "tmpl" + UUID.randomUUID().toString().replace("-", "").substring(0, 10);
        // an unsure expert answer, so that the judge merges (a sure single answer takes the merger's fast path)
        String rule = Http.object(Http.post(gpu2.baseUrl() + "/_sim/rules", "{\"match\":{\"contains\":\"" + marker
                + "\",\"role\":\"expert\"},\"action\":{\"content\":\"Routing goes by the model field.\",\"confidence\":\"mittel\"}}"))
                .getString("id");
        HttpResponse<String> answered;
        try {
            answered = chat(key, name, "Explain the routing of " + marker);
        } finally {
            Http.delete(gpu2.baseUrl() + "/_sim/rules/" + rule);
        }
        assertEquals(200, answered.statusCode(), answered.body());
        assertEquals(name, Http.object(answered).getString("model"));
        JsonObject trace = trace(Http.object(answered).getString("id"), key);
        List<String> experts = trace.getJsonArray("experts").getValuesAs(JsonObject.class).stream().map(e -> e.getString("model")).toList();
        assertEquals(List.of(coder()), experts.stream().distinct().toList(), "the template's expert answered: " + trace);
        assertEquals(name, trace.getString("requested_model"), "the trace names the model id sent: " + trace);
        assertTrue(!trace.containsKey("profile"), "no coding-client profile chose this route: " + trace);
        JsonArray calls = Http.object(Http.get(gpu2.baseUrl() + "/_sim/calls")).getJsonArray("calls");
        List<String> roles = calls.getValuesAs(JsonObject.class).stream().filter(c -> c.getString("user").contains(marker))
                .map(c -> c.getString("role")).toList();
        assertTrue(roles.contains("planner") && roles.contains("expert") && roles.contains("judge"),
                "planner, expert and judge all ran on the second server: " + roles);
    }

    @Test
    void aModeRequestRunsWithTheKeysTemplateElseTheUsersDefaultTemplate() {
        JsonObject onGpu2 = templateOnTheSecondServer();
        String user = Admin.newUser();
        Admin.grant(user, "moe_mode", "moe_orchestrated");
        HttpResponse<String> unknown = Admin.put(Admin.USERS + "/" + user, "{\"default_template_id\":\"nope\"}");
        assertEquals(400, unknown.statusCode(), unknown.body());
        assertEquals("default_template_id", Http.object(unknown).getString("field"));
        assertEquals(200, Admin.put(Admin.USERS + "/" + user, "{\"default_template_id\":\"" + onGpu2.getString("id") + "\"}").statusCode());
        String userKey = Admin.newKey(user)[1];
        assertEquals(List.of(coder()), expertModels(userKey, "moe-orchestrator"), "the user's default template");

        String defaultId = Http.object(Admin.get(ItConfig.adminUrl() + "/api/expert-templates")).getJsonArray("templates")
                .getValuesAs(JsonObject.class).stream().filter(t -> t.getString("name").equals("default")).findFirst()
                .orElseThrow().getString("id");
        HttpResponse<String> bound = Admin.post(Admin.USERS + "/" + user + "/keys", "{\"label\":\"bound\",\"template_id\":\"" + defaultId + "\"}");
        assertEquals(201, bound.statusCode(), bound.body());
        List<String> keyTemplate = expertModels(Http.object(bound).getString("key"), "moe-orchestrator");
        assertFalse(keyTemplate.contains(coder()), "the key's template comes before the user's: " + keyTemplate);
    }

    /** A new user granted {@code template}, and a key of theirs: [user id, key]. */
    private static String[] userOf(JsonObject template) {
        String user = Admin.newUser();
        Admin.grant(user, "expert_template", "tmpl-" + template.getString("id"));
        return new String[]{user, Admin.newKey(user)[1]};
    }

    /** The expert models of the trace of one request in {@code mode}. */
    private static List<String> expertModels(String key, String mode) {
        String marker = "bind" + UUID.randomUUID().toString().replace("-", "").substring(0, 10);
        HttpResponse<String> answered = chat(key, mode, "Which template answers " + marker);
        assertEquals(200, answered.statusCode(), answered.body());
        return trace(Http.object(answered).getString("id"), key).getJsonArray("experts").getValuesAs(JsonObject.class).stream()
                .map(e -> e.getString("model")).distinct().toList();
    }

    @Test
    void aRequestWithToolsOnATemplateGoesStraightToItsToolModelAndIsBilledWithBothFactors() {
        JsonObject template = templateOnTheSecondServer(2.0);
        String[] user = userOf(template);
        String key = user[1];
        HttpResponse<String> r = Http.post(CHAT, "{\"model\":\"" + template.getString("name") + "\",\"tools\":[{\"type\":\"function\","
                + "\"function\":{\"name\":\"run_tests\",\"parameters\":{\"type\":\"object\"}}}],"
                + "\"messages\":[{\"role\":\"user\",\"content\":\"run the tests\"}]}",
                "Authorization", Http.bearer(key), "Content-Type", "application/json");
        assertEquals(200, r.statusCode(), r.body());
        JsonObject choice = Http.object(r).getJsonArray("choices").getJsonObject(0);
        assertEquals("tool_calls", choice.getString("finish_reason"), r.body());
        assertEquals("run_tests", choice.getJsonObject("message").getJsonArray("tool_calls").getJsonObject(0)
                .getJsonObject("function").getString("name"));
        JsonArray calls = Http.object(Http.get(gpu2.baseUrl() + "/_sim/calls")).getJsonArray("calls");
        assertTrue(calls.getValuesAs(JsonObject.class).stream().anyMatch(c -> c.getString("model").equals("gpu2-small:3b")
                && c.getString("user").equals("run the tests")), "the tool model answered, without the pipeline: " + calls);
        long total = Http.object(r).getJsonObject("usage").getJsonNumber("total_tokens").longValue();
        assertEquals(Math.round(total * 2.5 * 2.0), usageRow(user[0]).getJsonNumber("weighted_tokens").longValue(),
                "the server's cost_factor 2.5 times the template's 2");
    }

    @Test
    void aTemplatesCostFactorWeighsTheBudgetReservationToo() {
        JsonObject template = templateOnTheSecondServer(1000.0);
        String[] user = userOf(template);
        String key = user[1];
        assertEquals(200, Admin.put(Admin.USERS + "/" + user[0] + "/budget", "{\"daily_limit\":100000}").statusCode());

        HttpResponse<String> r = chat(key, template.getString("name"), "What is a harbour?");

        assertEquals(429, r.statusCode(), "about 1,000 tokens reserved at factor 1,000 do not fit 100,000: " + r.body());
        assertEquals("budget_exceeded", Http.object(r).getJsonObject("error").getString("code"), r.body());
    }

    @Test
    void eachServerRunsAtMostItsConcurrencyAtOnce() throws Exception {
        String narrow = addServer(1);
        String wide = addServer(4);
        try {
            String user = Admin.newUser();
            String key = Admin.newKey(user)[1];
            Admin.grantDirectCalls(user, "*@" + narrow);
            Admin.grantDirectCalls(user, "*@" + wide);
            Admin.grant(user, "moe_mode", "moe_orchestrated");
            assertEquals(1, peakConcurrency(key, narrow), "concurrency 1: one call at a time");
            assertTrue(peakConcurrency(key, wide) >= 2, "concurrency 4: the calls overlap");
        } finally {
            removeServer(narrow);
            removeServer(wide);
        }
    }

    @Test
    void oneUsersDirectCallsLeaveASlotOfTheServerForOthers() throws Exception {
        String server = addServer(2);
        String marker = "grd" + UUID.randomUUID().toString().replace("-", "").substring(0, 10);
        String rule = Http.object(Http.post(gpu2.baseUrl() + "/_sim/rules", "{\"match\":{\"contains\":\"" + marker
                + "\"},\"action\":{\"content\":\"slow answer\",\"latency_ms\":3000}}")).getString("id");
        var pool = java.util.concurrent.Executors.newFixedThreadPool(2);
        try {
            String greedy = Admin.newUser();
            String greedyKey = Admin.newKey(greedy)[1];
            String other = Admin.newUser();
            String otherKey = Admin.newKey(other)[1];
            Admin.grantDirectCalls(greedy, "*@" + server);
            Admin.grantDirectCalls(other, "*@" + server);
            List<java.util.concurrent.Future<HttpResponse<String>>> slow = List.of(
                    pool.submit(() -> chat(greedyKey, "gpu2-small:3b@" + server, "Answer slowly " + marker + " one")),
                    pool.submit(() -> chat(greedyKey, "gpu2-small:3b@" + server, "Answer slowly " + marker + " two")));
            io.moe.it.Poll.until(() -> callsWith(marker), calls -> !calls.isEmpty(), java.time.Duration.ofSeconds(30),
                    "the greedy user's first call at the server");

            HttpResponse<String> quick = chat(otherKey, "gpu2-small:3b@" + server, "A quick question");

            assertEquals(200, quick.statusCode(), quick.body());
            assertFalse(slow.get(0).isDone() && slow.get(1).isDone(),
                    "the other user was answered while the greedy user's calls still ran: they did not hold both slots");
            for (var f : slow) {
                assertEquals(200, f.get().statusCode(), f.get().body());
            }
            assertEquals(1, callsWith(marker).stream().mapToInt(c -> c.getInt("concurrent")).max().orElse(0),
                    "the greedy user's two calls ran one after the other (their share of a 2-slot server is 1)");
        } finally {
            pool.shutdownNow();
            Http.delete(gpu2.baseUrl() + "/_sim/rules/" + rule);
            removeServer(server);
        }
    }

    private static List<JsonObject> callsWith(String marker) {
        return Http.object(Http.get(gpu2.baseUrl() + "/_sim/calls")).getJsonArray("calls").getValuesAs(JsonObject.class).stream()
                .filter(c -> c.getString("user").contains(marker)).toList();
    }

    @Test
    void aDeadServerIsLeftAloneAfterFiveFailuresInARowAndShownWithAnOpenCircuit() throws IOException {
        int closedPort;
        try (java.net.ServerSocket socket = new java.net.ServerSocket(0)) {
            closedPort = socket.getLocalPort(); // nothing listens there once the socket is closed
        }
        String dead = "dead-" + UUID.randomUUID().toString().substring(0, 8);
        HttpResponse<String> added = Admin.post(SERVERS, "{\"name\":\"" + dead + "\",\"url\":\"http://127.0.0.1:" + closedPort
                + "\",\"api_type\":\"openai\",\"concurrency\":2,\"timeout_seconds\":5}");
        assertEquals(201, added.statusCode(), added.body());
        try {
            String user = Admin.newUser();
            String key = Admin.newKey(user)[1];
            Admin.grantDirectCalls(user, "*@" + dead);
            assertEquals("closed", circuit(dead));
            assertEquals(502, chat(key, "any-model:7b@" + dead, "hello").statusCode(), "unreachable");
            for (int i = 1; i < 5; i++) { // each request tries twice: the breaker may open before the fifth
                int status = chat(key, "any-model:7b@" + dead, "hello").statusCode();
                assertTrue(status == 502 || status == 503, "unreachable, or refused once its breaker opened: " + status);
            }
            assertEquals("open", circuit(dead), "five failures in a row and a failed probe open it");
            HttpResponse<String> refused = chat(key, "any-model:7b@" + dead, "hello");
            assertEquals(503, refused.statusCode(), "refused at once while it is open: " + refused.body());
            assertTrue(refused.headers().firstValue("Retry-After").isPresent(), "and told when to try again");
        } finally {
            removeServer(dead);
        }
    }

    @Test
    void aServerThatAnswersItsProbeStaysInUseThoughRequestsFail() {
        String flaky = addServer(2);
        try {
            String user = Admin.newUser();
            String key = Admin.newKey(user)[1];
            Admin.grantDirectCalls(user, "*@" + flaky);
            String marker = "brk" + UUID.randomUUID().toString().replace("-", "").substring(0, 10);
            String rule = Http.object(Http.post(gpu2.baseUrl() + "/_sim/rules", "{\"match\":{\"contains\":\"" + marker
                    + "\"},\"action\":{\"fault\":\"http_500\"}}")).getString("id");
            try {
                for (int i = 0; i < 6; i++) {
                    assertEquals(502, chat(key, "gpu2-small:3b@" + flaky, "fail " + marker).statusCode());
                }
            } finally {
                Http.delete(gpu2.baseUrl() + "/_sim/rules/" + rule);
            }
            assertEquals("closed", circuit(flaky), "the server answered its probe, so it stays in use");
            assertEquals(200, chat(key, "gpu2-small:3b@" + flaky, "and now a normal question").statusCode());
        } finally {
            removeServer(flaky);
        }
    }

    private static String circuit(String serverName) {
        return Http.object(Admin.get(SERVERS)).getJsonArray("servers").getValuesAs(JsonObject.class).stream()
                .filter(s -> s.getString("name").equals(serverName)).findFirst().orElseThrow().getString("circuit");
    }

    /** Sends four slow native requests at once to {@code serverName}; answers how many the simulator saw at once. */
    private static int peakConcurrency(String key, String serverName) throws Exception {
        String marker = "par" + UUID.randomUUID().toString().replace("-", "").substring(0, 10);
        String rule = Http.object(Http.post(gpu2.baseUrl() + "/_sim/rules", "{\"match\":{\"contains\":\"" + marker
                + "\"},\"action\":{\"content\":\"slow answer\",\"latency_ms\":400}}")).getString("id");
        var pool = java.util.concurrent.Executors.newFixedThreadPool(4);
        try {
            List<java.util.concurrent.Future<HttpResponse<String>>> sent = new java.util.ArrayList<>();
            for (int i = 0; i < 4; i++) {
                sent.add(pool.submit(() -> chat(key, "gpu2-small:3b@" + serverName, "Answer slowly " + marker)));
            }
            for (var f : sent) {
                assertEquals(200, f.get().statusCode(), f.get().body());
            }
        } finally {
            pool.shutdownNow();
            Http.delete(gpu2.baseUrl() + "/_sim/rules/" + rule);
        }
        return Http.object(Http.get(gpu2.baseUrl() + "/_sim/calls")).getJsonArray("calls").getValuesAs(JsonObject.class).stream()
                .filter(c -> c.getString("user").contains(marker)).mapToInt(c -> c.getInt("concurrent")).max().orElse(0);
    }

    private static String addServer(int concurrency) {
        String name = "gpu2c" + concurrency + "-" + UUID.randomUUID().toString().substring(0, 6);
        HttpResponse<String> added = Admin.post(SERVERS, "{\"name\":\"" + name + "\",\"url\":\"" + gpu2.baseUrl()
                + "\",\"api_type\":\"openai\",\"concurrency\":" + concurrency + ",\"timeout_seconds\":30}");
        assertEquals(201, added.statusCode(), added.body());
        return name;
    }

    private static void removeServer(String name) {
        Http.object(Admin.get(SERVERS)).getJsonArray("servers").getValuesAs(JsonObject.class).stream()
                .filter(s -> s.getString("name").equals(name)).findFirst()
                .ifPresent(s -> Admin.delete(SERVERS + "/" + s.getString("id")));
    }

    /** The trace of a response, once the after-answer work stored it (within 20 s). */
    private static JsonObject trace(String responseId, String key) {
        Instant deadline = Instant.now().plusSeconds(20);
        HttpResponse<String> last;
        do {
            last = Http.get(ItConfig.orchestratorUrl() + "/v1/responses/" + responseId + "/trace", "Authorization", Http.bearer(key));
            if (last.statusCode() == 200) {
                return Http.object(last);
            }
        } while (Instant.now().isBefore(deadline));
        throw new AssertionError("no trace for " + responseId + ": " + last.statusCode() + " " + last.body());
    }

    /** The newest usage row of {@code user}, once one is written (within 30 s). */
    private static JsonObject usageRow(String user) {
        Instant deadline = Instant.now().plusSeconds(30);
        while (Instant.now().isBefore(deadline)) {
            JsonArray recent = Admin.usage(user).getJsonArray("recent");
            if (!recent.isEmpty()) {
                return recent.getJsonObject(0);
            }
        }
        fail("no usage row for " + user + " within 30 s");
        return null;
    }

}
