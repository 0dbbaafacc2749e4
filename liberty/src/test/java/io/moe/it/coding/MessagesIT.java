package io.moe.it.coding;

import io.moe.it.Http;
import io.moe.it.ItConfig;
import io.moe.it.NodeTest;
import io.moe.it.Poll;
import io.moe.it.Simulator;
import io.moe.it.identity.Admin;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The messages API against the started server: the npm {@code @anthropic-ai/sdk} drives every wire feature
 * (messages.test.mjs); here each profile mode is observed in the trace and the simulator's call log, the
 * profile resolution order (key → user default → the first granted profile accepting the model → 403) is walked, profiles go through an
 * export/import round trip, and the provider status shows the simulator's rate-limit headers.
 */
class MessagesIT {

    static final String PROFILES = ItConfig.adminUrl() + "/api/profiles";
    static final String MESSAGES = ItConfig.orchestratorUrl() + "/v1/messages";
    static final String MODEL = "claude-sonnet-4-5";
    static final String TOOL_MODEL = "sim-coder:7b";
    /** The model ids a profile accepts unless a test names others. */
    static final List<String> ACCEPTED = List.of(MODEL, "claude-haiku-4-5");

    private static final List<String> createdProfiles = new ArrayList<>();
    private static final List<String> rules = new ArrayList<>();
    private static String nativeProfile;

    @BeforeAll
    static void nativeProfile() {
        nativeProfile = profile("native-" + suffix(), "native");
    }

    @AfterAll
    static void cleanUp() {
        rules.forEach(Simulator::removeRule);
        createdProfiles.forEach(id -> Admin.delete(PROFILES + "/" + id));
    }

    static String suffix() {
        return UUID.randomUUID().toString().substring(0, 8);
    }

    static String profileJson(String name, String mode) {
        return profileJson(name, mode, ACCEPTED);
    }

    static String profileJson(String name, String mode, List<String> acceptedModels) {
        return Json.createObjectBuilder().add("name", name).add("accepted_models", Json.createArrayBuilder(acceptedModels))
                .add("tool_model", TOOL_MODEL).add("tool_endpoint", "local").add("moe_mode", mode)
                .add("system_prompt_prefix", "You help with code.").build().toString();
    }

    /** Creates a profile; returns its id. */
    static String profile(String name, String mode) {
        return profile(name, mode, ACCEPTED);
    }

    /** Creates a profile accepting {@code acceptedModels}; returns its id. */
    static String profile(String name, String mode, List<String> acceptedModels) {
        HttpResponse<String> r = Admin.post(PROFILES, profileJson(name, mode, acceptedModels));
        assertEquals(201, r.statusCode(), r.body());
        String id = Http.object(r).getString("id");
        createdProfiles.add(id);
        return id;
    }

    /** A new key of {@code userId} bound to {@code profileId} (null: unbound); returns the raw key. */
    static String key(String userId, String profileId) {
        String body = profileId == null ? "{\"label\":\"it\"}" : "{\"label\":\"it\",\"cc_profile_id\":\"" + profileId + "\"}";
        HttpResponse<String> r = Admin.post(Admin.USERS + "/" + userId + "/keys", body);
        assertEquals(201, r.statusCode(), r.body());
        return Http.object(r).getString("key");
    }

    static HttpResponse<String> message(String key, String text) {
        return message(key, MODEL, text);
    }

    static HttpResponse<String> message(String key, String model, String text) {
        return Http.post(MESSAGES, Json.createObjectBuilder().add("model", model).add("max_tokens", 512)
                        .add("messages", Json.createArrayBuilder().add(Json.createObjectBuilder().add("role", "user").add("content", text)))
                        .build().toString(),
                "x-api-key", key, "anthropic-version", "2023-06-01", "Content-Type", "application/json");
    }

    static JsonObject trace(String key, String id) {
        Instant deadline = Instant.now().plusSeconds(30);
        while (Instant.now().isBefore(deadline)) {
            HttpResponse<String> r = Http.get(ItConfig.orchestratorUrl() + "/v1/responses/" + id + "/trace", "Authorization", Http.bearer(key));
            if (r.statusCode() == 200) {
                return Http.object(r);
            }
        }
        return fail("no trace of " + id + " within 30 s");
    }

    static String rule(String marker, String fault) {
        String id = Simulator.addRule(Json.createObjectBuilder().add("match", Json.createObjectBuilder().add("contains", marker))
                .add("action", Json.createObjectBuilder().add("fault", fault)).build());
        rules.add(id);
        return id;
    }

    @Test
    void theAnthropicSdkSpeaksTheMessagesApi() throws Exception {
        String user = Admin.newUser();
        String reasoningProfile = profile("reasoning-" + suffix(), "moe_reasoning");
        String broke = Admin.newUser();
        assertEquals(200, Admin.put(Admin.USERS + "/" + broke + "/budget", "{\"daily_limit\":1}").statusCode());
        String overload = "overload-" + suffix();
        String failure = "failure-" + suffix();
        rule(overload, "http_503");
        rule(failure, "http_500");
        NodeTest run = NodeTest.run("messages.test.mjs", Map.of(
                "NATIVE_KEY", key(user, nativeProfile), "REASONING_KEY", key(user, reasoningProfile),
                "NOPROFILE_KEY", key(Admin.newUser(), null), "BROKE_KEY", key(broke, nativeProfile),
                "MODEL", MODEL, "OVERLOAD_MARKER", overload, "FAILURE_MARKER", failure));
        assertEquals(0, run.exitCode(), run.output());
        JsonArray imageCalls = Simulator.callsContaining("image-marker");
        assertTrue(!imageCalls.isEmpty() && imageCalls.getJsonObject(0).getBoolean("has_images"), imageCalls.toString());
        assertEquals(TOOL_MODEL, imageCalls.getJsonObject(0).getString("model"), "native goes to the profile's tool model");
        // a tool message carries text only: the screenshot follows in the user message, with the text document
        JsonArray screenshotCalls = Simulator.callsContaining("Image(s) returned by tool call toolu_screen");
        assertTrue(!screenshotCalls.isEmpty() && screenshotCalls.getJsonObject(0).getBoolean("has_images")
                && screenshotCalls.getJsonObject(0).getString("user").contains("plain notes"), "a tool result's image reaches the model: " + screenshotCalls);
        assertEquals(8192, screenshotCalls.getJsonObject(0).getInt("max_tokens"), "max_tokens 128000: lowered, then capped by the tool turn's 8192");
    }

    @Test
    void aPipelineAnswerCutAtMaxTokensStopsWithMaxTokens() {
        String key = key(Admin.newUser(), profile("cut-" + suffix(), "moe_orchestrated"));
        String marker = "cut-" + suffix();
        HttpResponse<String> cut = Http.post(MESSAGES, Json.createObjectBuilder().add("model", MODEL).add("max_tokens", 6)
                        .add("messages", Json.createArrayBuilder().add(Json.createObjectBuilder().add("role", "user")
                                .add("content", "Explain in detail what " + marker + " means.")))
                        .build().toString(),
                "x-api-key", key, "anthropic-version", "2023-06-01", "Content-Type", "application/json");
        assertEquals(200, cut.statusCode(), cut.body());
        assertEquals("max_tokens", Http.object(cut).getString("stop_reason"), cut.body());

        HttpResponse<String> whole = message(key, "Explain " + marker + " please.");
        assertEquals("end_turn", Http.object(whole).getString("stop_reason"), whole.body());
    }

    @Test
    void eachProfileModeIsObservedInTheTrace() {
        String user = Admin.newUser();
        Map<String, String> expectedMode = Map.of("native", "native", "moe_orchestrated", "agent",
                "agent_orchestrated", "agent_orchestrated", "moe_reasoning", "agent_orchestrated");
        for (Map.Entry<String, String> mode : expectedMode.entrySet()) {
            String key = mode.getKey().equals("native") ? key(user, nativeProfile) : key(user, profile(mode.getKey() + "-" + suffix(), mode.getKey()));
            String marker = "mode-" + mode.getKey() + "-" + suffix();
            HttpResponse<String> r = message(key, "Explain " + marker + " please.");
            assertEquals(200, r.statusCode(), r.body());
            JsonObject answer = Http.object(r);
            assertTrue(answer.getString("id").startsWith("msg_"), answer.toString());
            JsonObject trace = trace(key, answer.getString("id"));
            if (mode.getKey().equals("native")) {
                assertEquals("native", trace.getString("route"), trace.toString());
                assertEquals("native", trace.getString("moe_mode"));
                assertEquals(TOOL_MODEL + "@local", trace.getString("model"));
                JsonArray calls = Simulator.callsContaining(marker);
                assertEquals(1, calls.size(), calls.toString());
                assertTrue(calls.getJsonObject(0).getString("system").startsWith("You help with code."), "the profile's prefix leads the system prompt");
            } else {
                assertEquals(mode.getValue(), trace.getString("mode"), trace.toString());
                assertTrue(trace.getString("profile").startsWith(mode.getKey() + "-"), "the profile that answered: " + trace);
                assertEquals(MODEL, trace.getString("requested_model"), trace.toString());
                assertTrue(Simulator.callsContaining(marker).size() > 1, "the pipeline made several model calls");
            }
            if (mode.getKey().equals("moe_reasoning")) {
                assertEquals("thinking", answer.getJsonArray("content").getJsonObject(0).getString("type"), answer.toString());
                assertTrue(trace.containsKey("thinking"), trace.toString());
            }
        }
    }

    @Test
    void aProfilesReasoningModelThinksInsteadOfTheTemplates() {
        String name = "thinker-" + suffix();
        String json = Json.createObjectBuilder((JsonObject) Http.json(profileJson(name, "moe_reasoning")))
                .add("reasoning_model", "sim-expert:14b").build().toString();
        HttpResponse<String> created = Admin.post(PROFILES, json);
        assertEquals(201, created.statusCode(), created.body());
        createdProfiles.add(Http.object(created).getString("id"));
        String marker = "thinker-" + suffix();

        HttpResponse<String> r = message(key(Admin.newUser(), Http.object(created).getString("id")), "Explain " + marker + " please.");

        assertEquals(200, r.statusCode(), r.body());
        List<JsonObject> thinking = Simulator.callsContaining(marker).getValuesAs(JsonObject.class).stream()
                .filter(c -> c.getString("role").equals("reasoning")).toList();
        assertEquals(1, thinking.size(), Simulator.callsContaining(marker).toString());
        assertEquals("sim-expert:14b", thinking.get(0).getString("model"), "the profile's reasoning model, not sim-reasoner:70b");

        HttpResponse<String> unknownServer = Admin.post(PROFILES, json.replace("sim-expert:14b", "sim-expert:14b@nowhere")
                .replace(name, name + "-2"));
        assertEquals(400, unknownServer.statusCode(), unknownServer.body());
        assertTrue(unknownServer.body().contains("reasoning_model"), unknownServer.body());
    }

    @Test
    void aStreamedPipelineAnswerPingsAndShowsProgressInAThinkingBlock() {
        String key = key(Admin.newUser(), profile("stream-" + suffix(), "moe_orchestrated"));
        HttpResponse<String> r = Http.post(MESSAGES, Json.createObjectBuilder().add("model", MODEL).add("max_tokens", 512).add("stream", true)
                        .add("messages", Json.createArrayBuilder().add(Json.createObjectBuilder().add("role", "user").add("content", "Stream it")))
                        .build().toString(), "x-api-key", key, "Content-Type", "application/json");
        assertEquals(200, r.statusCode(), r.body());
        List<String> events = r.body().lines().filter(l -> l.startsWith("event: ")).map(l -> l.substring(7)).toList();
        assertEquals(List.of("message_start", "ping", "content_block_start"), events.subList(0, 3), r.body());
        assertTrue(r.body().contains("\"type\":\"thinking\""), "progress lines in a thinking block (stream_think): " + r.body());
        assertTrue(r.body().contains("signature_delta"), r.body());
        assertEquals(List.of("content_block_stop", "message_delta", "message_stop"), events.subList(events.size() - 3, events.size()));
    }

    @Test
    void aNativeStreamPingsWhileTheServerIsStillReadingThePrompt() {
        String key = key(Admin.newUser(), nativeProfile);
        String marker = "prefill" + suffix();
        String rule = Simulator.addRule(Json.createObjectBuilder().add("match", Json.createObjectBuilder().add("contains", marker))
                .add("action", Json.createObjectBuilder().add("content", "Read it all.").add("first_token_delay_ms", 2500)).build());
        try {
            HttpResponse<String> r = Http.post(MESSAGES, Json.createObjectBuilder().add("model", MODEL).add("max_tokens", 512).add("stream", true)
                    .add("messages", Json.createArrayBuilder().add(Json.createObjectBuilder().add("role", "user").add("content", "A long prompt " + marker)))
                    .build().toString(), "x-api-key", key, "Content-Type", "application/json");
            assertEquals(200, r.statusCode(), r.body());
            List<String> events = r.body().lines().filter(l -> l.startsWith("event: ")).map(l -> l.substring(7)).toList();
            assertTrue(events.stream().filter("ping"::equals).count() >= 3,
                    "a ping at once and one each second (the test server's keep-alive) of the server's 2.5 s silence: " + events);
            assertTrue(r.body().contains("Read"), r.body());
            assertEquals("message_stop", events.get(events.size() - 1), r.body());
        } finally {
            Simulator.removeRule(rule);
        }
    }

    @Test
    void aJudgesAnswerStreamedAsItIsWrittenIsTheTextBlockOnce() {
        String key = key(Admin.newUser(), profile("judge-stream-" + suffix(), "moe_orchestrated"));
        String marker = "judgestream" + suffix();
        String judged = "Use a bounded queue between the reader and the writer, so a slow writer holds the reader back. ".repeat(2).strip();
        List<String> rules = List.of(
                Simulator.addRule(Json.createObjectBuilder().add("match", Json.createObjectBuilder().add("role", "expert").add("contains", marker))
                        .add("action", Json.createObjectBuilder().add("content", "Queue it.").add("confidence", "mittel")).build()),
                Simulator.addRule(Json.createObjectBuilder().add("match", Json.createObjectBuilder().add("role", "judge").add("contains", marker))
                        .add("action", Json.createObjectBuilder().add("content", judged).add("confidence", "none").add("chunk_delay_ms", 20)).build()));
        try {
            HttpResponse<String> r = Http.post(MESSAGES, Json.createObjectBuilder().add("model", MODEL).add("max_tokens", 512).add("stream", true)
                    .add("messages", Json.createArrayBuilder().add(Json.createObjectBuilder().add("role", "user")
                            .add("content", "How do I connect a fast reader to a slow writer " + marker)))
                    .build().toString(), "x-api-key", key, "Content-Type", "application/json");
            assertEquals(200, r.statusCode(), r.body());
            StringBuilder text = new StringBuilder();
            r.body().lines().filter(l -> l.startsWith("data: {") && l.contains("\"text_delta\"")).forEach(l ->
                    text.append(((JsonObject) Http.json(l.substring(6))).getJsonObject("delta").getString("text")));
            assertEquals(judged, text.toString(), "the judge's answer, in agent form, exactly once: " + r.body());
            List<String> events = r.body().lines().filter(l -> l.startsWith("event: ")).map(l -> l.substring(7)).toList();
            assertEquals(List.of("content_block_stop", "message_delta", "message_stop"), events.subList(events.size() - 3, events.size()));
        } finally {
            rules.forEach(Simulator::removeRule);
        }
    }

    @Test
    void aProfileIsResolvedFromTheKeyThenTheUsersDefaultThenTheFirstGrant() {
        String user = Admin.newUser();
        String granted = profile("a-granted-" + suffix(), "native");
        String byDefault = profile("b-default-" + suffix(), "native");
        String byKey = profile("c-key-" + suffix(), "native");
        Admin.grant(user, "cc_profile", "profile-" + granted);
        String unbound = key(user, null);
        assertEquals(granted, profileOf(unbound), "the first granted profile");
        HttpResponse<String> set = Admin.put(Admin.USERS + "/" + user, "{\"default_cc_profile_id\":\"" + byDefault + "\"}");
        assertEquals(200, set.statusCode(), set.body());
        assertEquals(byDefault, Http.object(set).getString("default_cc_profile_id"));
        assertEquals(byDefault, profileOf(unbound), "the user's default before a grant");
        assertEquals(byKey, profileOf(key(user, byKey)), "the key's profile before everything");

        HttpResponse<String> none = message(key(Admin.newUser(), null), "no profile");
        assertEquals(403, none.statusCode(), none.body());
        JsonObject error = Http.object(none);
        assertEquals("error", error.getString("type"));
        assertEquals("permission_error", error.getJsonObject("error").getString("type"));
        assertTrue(error.getJsonObject("error").getString("message").contains("cc_profile"), none.body());

        HttpResponse<String> unknown = Http.post(MESSAGES, "{\"model\":\"gpt-4\",\"max_tokens\":5,\"messages\":[{\"role\":\"user\",\"content\":\"x\"}]}",
                "x-api-key", unbound, "Content-Type", "application/json");
        assertEquals(404, unknown.statusCode(), unknown.body());
        assertTrue(unknown.body().contains(MODEL), "the accepted ids are listed: " + unknown.body());

        HttpResponse<String> badBinding = Admin.post(Admin.USERS + "/" + user + "/keys", "{\"cc_profile_id\":\"nope\"}");
        assertEquals(400, badBinding.statusCode(), badBinding.body());
        assertTrue(badBinding.body().contains("cc_profile_id"), badBinding.body());
    }

    @Test
    void aNativeProfileAsksABusyServerOnceMoreAndTheTraceSaysSo() {
        String key = key(Admin.newUser(), nativeProfile);
        String marker = "busy-" + suffix();
        rules.add(Simulator.addRule(Json.createObjectBuilder().add("match", Json.createObjectBuilder().add("contains", marker))
                .add("times", 1).add("action", Json.createObjectBuilder().add("fault", "http_503")).build()));
        HttpResponse<String> answered = message(key, "hello " + marker);
        assertEquals(200, answered.statusCode(), answered.body());
        assertEquals(2, Simulator.callsContaining(marker).size(), "the busy server was asked once more");
        JsonObject attempt = trace(key, Http.object(answered).getString("id")).getJsonArray("attempts").getJsonObject(0);
        assertEquals("http_503", attempt.getString("reason"));
        assertEquals("retried", attempt.getString("next"));
    }

    @Test
    void aUserGrantedSeveralProfilesReachesEachByTheModelItAccepts() {
        String user = Admin.newUser();
        String opus = "claude-opus-4-1-" + suffix();
        String fast = profile("a-fast-" + suffix(), "native");
        String deepName = "b-deep-" + suffix();
        String deep = profile(deepName, "moe_orchestrated", List.of(opus));
        Admin.grant(user, "cc_profile", "profile-" + fast);
        Admin.grant(user, "cc_profile", "profile-" + deep);
        String key = key(user, null);

        assertEquals(fast, profileOf(key, MODEL), "the first granted profile that accepts " + MODEL);
        HttpResponse<String> deepAnswer = message(key, opus, "which profile " + suffix());
        assertEquals(200, deepAnswer.statusCode(), deepAnswer.body());
        JsonObject deepTrace = trace(key, Http.object(deepAnswer).getString("id"));
        assertEquals("agent", deepTrace.getString("mode"), "answered on the pipeline by the moe_orchestrated profile that accepts "
                + opus + ", though the native one comes first by name: " + deepTrace);
        assertEquals(deepName, deepTrace.getString("profile"), "a pipeline answer's trace names its profile");
        assertEquals(opus, deepTrace.getString("requested_model"));

        HttpResponse<String> neither = message(key, "gpt-4", "no profile takes this");
        assertEquals(404, neither.statusCode(), neither.body());
        String refusal = Http.object(neither).getJsonObject("error").getString("message");
        assertTrue(refusal.contains(MODEL) && refusal.contains(opus), "both profiles' ids are listed: " + refusal);
        assertTrue(refusal.contains(deepName), "the profiles are named: " + refusal);

        HttpResponse<String> models = Http.get(ItConfig.orchestratorUrl() + "/v1/models", "x-api-key", key, "anthropic-version", "2023-06-01");
        assertEquals(200, models.statusCode(), models.body());
        List<String> ids = Http.object(models).getJsonArray("data").getValuesAs(JsonObject.class).stream().map(m -> m.getString("id")).toList();
        assertEquals(List.of(MODEL, "claude-haiku-4-5", opus), ids, "the ids of both profiles, in the order they are tried");

        String bound = key(user, deep);
        HttpResponse<String> boundRefusal = message(bound, MODEL, "a bound key keeps to its profile");
        assertEquals(404, boundRefusal.statusCode(), "a key bound to a profile is answered by it alone: " + boundRefusal.body());
    }

    private static String profileOf(String key) {
        return profileOf(key, MODEL);
    }

    /** The id of the native profile that answered {@code model} for {@code key} (a native answer's trace names its profile). */
    private static String profileOf(String key, String model) {
        HttpResponse<String> r = message(key, model, "which profile " + suffix());
        assertEquals(200, r.statusCode(), r.body());
        String name = trace(key, Http.object(r).getString("id")).getString("profile");
        return Http.object(Admin.get(PROFILES)).getJsonArray("profiles").getValuesAs(JsonObject.class).stream()
                .filter(p -> p.getString("name").equals(name)).findFirst().orElseThrow().getString("id");
    }

    @Test
    void profilesGoThroughExportAndImport() {
        String name = "roundtrip-" + suffix();
        String id = profile(name, "moe_orchestrated");
        HttpResponse<String> export = Admin.get(PROFILES + "/export");
        assertEquals(200, export.statusCode());
        assertTrue(export.headers().firstValue("Content-Disposition").orElse("").contains("cc_profiles.json"));
        JsonObject file = Http.object(export);
        assertEquals("cc_profile", file.getString("type"));
        assertEquals("1.0", file.getString("version"));
        JsonObject item = file.getJsonArray("items").getValuesAs(JsonObject.class).stream()
                .filter(i -> i.getString("name").equals(name)).findFirst().orElseThrow();
        assertEquals(8192, item.getInt("tool_max_tokens"));
        assertEquals(16384, item.getInt("reasoning_max_tokens"));
        assertTrue(item.getBoolean("stream_think"));
        assertEquals(204, Admin.delete(PROFILES + "/" + id).statusCode());

        String single = Json.createObjectBuilder(file).add("items", Json.createArrayBuilder().add(item)).build().toString();
        JsonObject imported = Http.object(Admin.post(PROFILES + "/import?mode=merge", single));
        assertEquals(1, imported.getInt("imported"), imported.toString());
        JsonObject again = Http.object(Admin.post(PROFILES + "/import?mode=merge", single));
        assertEquals(0, again.getInt("imported"));
        assertEquals(1, again.getInt("skipped"));
        JsonObject back = Http.object(Admin.get(PROFILES)).getJsonArray("profiles").getValuesAs(JsonObject.class).stream()
                .filter(p -> p.getString("name").equals(name)).findFirst().orElseThrow();
        createdProfiles.add(back.getString("id"));
        assertEquals("moe_orchestrated", back.getString("moe_mode"));

        HttpResponse<String> wrongType = Admin.post(PROFILES + "/import", single.replace("\"cc_profile\"", "\"expert_template\""));
        assertEquals(400, wrongType.statusCode(), wrongType.body());
        HttpResponse<String> badField = Admin.post(PROFILES, profileJson("bad-" + suffix(), "turbo"));
        assertEquals(400, badField.statusCode());
        assertTrue(badField.body().contains("moe_mode"), badField.body());
    }

    @Test
    void providerStatusShowsTheServersRateLimitsAndTheKeysThrottling() {
        String user = Admin.newUser();
        String key = key(user, nativeProfile);
        assertEquals(200, message(key, "status please").statusCode());
        // the servers' rate-limit state is written at most once a second
        JsonObject status = Poll.until(() -> Http.object(Http.get(ItConfig.orchestratorUrl() + "/v1/provider-status", "x-api-key", key)),
                s -> !s.getJsonArray("servers").isEmpty(), Duration.ofSeconds(10), "the server's rate limits in the provider status");
        JsonObject local = status.getJsonArray("servers").getJsonObject(0);
        assertEquals("local", local.getString("server"), status.toString());
        assertTrue(Long.parseLong(local.getString("limit_requests")) > 0, status.toString());
        assertTrue(local.containsKey("remaining_tokens") && local.containsKey("reset_requests"), status.toString());
        JsonObject throttling = status.getJsonObject("key");
        assertEquals(false, throttling.getBoolean("throttled"), status.toString());
        assertEquals(4, throttling.getInt("concurrent_request_limit"));
    }

    @Test
    void aCodingClientsRefusalsAreInTheMessagesShape() {
        HttpResponse<String> badKey = Http.get(ItConfig.orchestratorUrl() + "/v1/models", "x-api-key", "moe-sk-" + "0".repeat(48),
                "anthropic-version", "2023-06-01");
        assertEquals(401, badKey.statusCode(), badKey.body());
        assertEquals("authentication_error", messagesError(badKey).getString("type"), "the model list's error, like its answer: " + badKey.body());

        String key = key(Admin.newUser(), nativeProfile);
        String tooLarge = "{\"model\":\"" + MODEL + "\",\"max_tokens\":5,\"messages\":[{\"role\":\"user\",\"content\":\""
                + "word ".repeat(2_000_000) + "\"}]}"; // about 10 MB, the limit is 8 MiB
        HttpResponse<String> refused = Http.post(MESSAGES, tooLarge, "x-api-key", key, "anthropic-version", "2023-06-01",
                "Content-Type", "application/json");
        assertEquals(413, refused.statusCode(), refused.body());
        assertEquals("request_too_large", messagesError(refused).getString("type"), refused.body());
    }

    /** The {@code error} of a body in the messages API's error shape {@code {"type":"error","error":{"type","message"}}}. */
    private static JsonObject messagesError(HttpResponse<String> response) {
        JsonObject body = Http.object(response);
        assertEquals("error", body.getString("type"), response.body());
        assertTrue(body.getJsonObject("error").getString("message").length() > 10, response.body());
        return body.getJsonObject("error");
    }

    @Test
    void aMessageIdTakesFeedbackAndIsBilled() {
        String user = Admin.newUser();
        String key = key(user, nativeProfile);
        HttpResponse<String> r = message(key, "bill me " + suffix());
        String id = Http.object(r).getString("id");
        trace(key, id);
        HttpResponse<String> rated = Http.post(ItConfig.orchestratorUrl() + "/v1/feedback",
                "{\"response_id\":\"" + id + "\",\"rating\":5}", "Authorization", Http.bearer(key), "Content-Type", "application/json");
        assertEquals(200, rated.statusCode(), rated.body());
        // the usage row is written after the answer (the usage journal's reader gathers rows for up to 250 ms)
        Poll.until(() -> Admin.usage(user), usage -> usage.toString().contains(id), Duration.ofSeconds(20),
                "the usage log names the message " + id);
    }
}
