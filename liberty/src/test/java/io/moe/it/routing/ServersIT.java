package io.moe.it.routing;

import io.moe.it.Http;
import io.moe.it.ItConfig;
import io.moe.it.identity.Admin;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * /api/servers on the admin port: servers are added, changed, re-discovered and removed at run time, each
 * listed with its state, probe latency and discovered models; bad bodies are 400 naming the field, and only
 * admins may manage servers. Requests routed to a server are in RoutingIT.
 */
class ServersIT {

    private static final String SERVERS = ItConfig.adminUrl() + "/api/servers";

    private static String uniqueName() {
        return "sim-" + UUID.randomUUID().toString().substring(0, 8);
    }

    private static JsonObject add(String body) {
        HttpResponse<String> r = Admin.post(SERVERS, body);
        assertEquals(201, r.statusCode(), r.body());
        return Http.object(r);
    }

    /** The server as GET /api/servers lists it, once {@code condition} holds (within 30 s). */
    private static JsonObject listedWhen(String name, Predicate<JsonObject> condition) {
        Instant deadline = Instant.now().plusSeconds(30);
        JsonObject last = null;
        while (Instant.now().isBefore(deadline)) {
            HttpResponse<String> r = Admin.get(SERVERS);
            assertEquals(200, r.statusCode(), r.body());
            last = Http.object(r).getJsonArray("servers").getValuesAs(JsonObject.class).stream()
                    .filter(s -> s.getString("name").equals(name)).findFirst().orElse(null);
            if (last != null && condition.test(last)) {
                return last;
            }
        }
        fail("server " + name + " did not reach the expected state within 30 s; last seen: " + last);
        return null;
    }

    private static List<String> models(JsonObject server) {
        return server.getJsonArray("models").getValuesAs(JsonString.class).stream().map(JsonString::getString).toList();
    }

    @Test
    void aServerAddedAtRunTimeIsListedHealthyWithItsModelsThenChangedAndRemoved() {
        String name = uniqueName();
        String token = "tok-" + UUID.randomUUID();
        JsonObject created = add("{\"name\":\"" + name + "\",\"url\":\"" + ItConfig.simulatorUrl() + "\",\"api_type\":\"ollama\","
                + "\"token\":\"" + token + "\",\"concurrency\":2,\"timeout_seconds\":30}");
        String id = created.getString("id");
        assertTrue(created.getBoolean("has_token"));
        assertFalse(created.containsKey("token"), "the token is never answered");
        assertEquals("ollama", created.getString("api_type"));
        assertEquals(2, created.getInt("concurrency"));

        JsonObject listed = listedWhen(name, s -> "healthy".equals(s.getString("state")));
        assertTrue(models(listed).contains("sim-general:8b"), "models discovered from /api/tags: " + listed);
        assertEquals(jakarta.json.JsonValue.ValueType.NUMBER, listed.get("latency_ms").getValueType(), "a healthy server's probe latency: " + listed);
        assertFalse(Admin.get(SERVERS).body().contains(token), "the token appears in no listing");

        HttpResponse<String> changed = Admin.put(SERVERS + "/" + id,
                "{\"api_type\":\"openai\",\"concurrency\":4,\"cost_factor\":2.5,\"timeout_seconds\":60}");
        assertEquals(200, changed.statusCode(), changed.body());
        JsonObject after = Http.object(changed);
        assertEquals("openai", after.getString("api_type"));
        assertEquals(4, after.getInt("concurrency"));
        assertEquals(60, after.getInt("timeout_seconds"));
        assertEquals(2.5, after.getJsonNumber("cost_factor").doubleValue());
        assertTrue(after.getBoolean("has_token"), "a change that does not name the token keeps it");

        JsonObject asListed = Http.object(Admin.get(SERVERS + "/" + id)); // its GET answer, changed and sent back
        HttpResponse<String> roundTrip = Admin.put(SERVERS + "/" + id, Json.createObjectBuilder(asListed).add("concurrency", 3).build().toString());
        assertEquals(200, roundTrip.statusCode(), roundTrip.body());
        assertEquals(3, Http.object(roundTrip).getInt("concurrency"));

        HttpResponse<String> refreshed = Admin.post(SERVERS + "/" + id + "/refresh", "");
        assertEquals(200, refreshed.statusCode(), refreshed.body());
        assertEquals("healthy", Http.object(refreshed).getString("state"));
        assertTrue(models(Http.object(refreshed)).contains("sim-expert:14b"), "models discovered from /v1/models");

        assertEquals(204, Admin.delete(SERVERS + "/" + id).statusCode());
        assertEquals(404, Admin.get(SERVERS + "/" + id).statusCode());
        assertFalse(Admin.get(SERVERS).body().contains("\"" + name + "\""));
    }

    @Test
    void aServerThatDoesNotAnswerIsListedUnhealthyWithTheError() {
        String name = uniqueName();
        String id = add("{\"name\":\"" + name + "\",\"url\":\"http://127.0.0.1:1\"}").getString("id");
        try {
            JsonObject listed = listedWhen(name, s -> "unhealthy".equals(s.getString("state")));
            assertFalse(listed.getString("last_error").isBlank());
            HttpResponse<String> disabled = Admin.put(SERVERS + "/" + id, "{\"enabled\":false}");
            assertEquals("disabled", Http.object(disabled).getString("state"));
        } finally {
            Admin.delete(SERVERS + "/" + id);
        }
    }

    @Test
    void aBadBodyIs400NamingTheFieldAndAddsNothing() {
        String name = uniqueName();
        String url = ItConfig.simulatorUrl();
        String[][] cases = {
                {"{\"name\":\"" + name + "\",\"url\":\"" + url + "\",\"concurrency\":0}", "concurrency"},
                {"{\"name\":\"" + name + "\",\"url\":\"ftp://example.org\"}", "url"},
                {"{\"name\":\"Not Valid\",\"url\":\"" + url + "\"}", "name"},
                {"{\"name\":\"" + name + "\",\"url\":\"" + url + "\",\"api_type\":\"grpc\"}", "api_type"},
                {"{\"name\":\"" + name + "\",\"url\":\"" + url + "\",\"timeout_seconds\":3601}", "timeout_seconds"},
                {"{\"name\":\"" + name + "\",\"url\":\"" + url + "\",\"cost_factor\":-1}", "cost_factor"},
                {"{\"name\":\"" + name + "\",\"url\":\"" + url + "\",\"concurrency\":\"4\"}", "concurrency"},
        };
        for (String[] c : cases) {
            HttpResponse<String> r = Admin.post(SERVERS, c[0]);
            assertEquals(400, r.statusCode(), c[0] + " -> " + r.body());
            assertTrue(r.headers().firstValue("Content-Type").orElse("").startsWith("application/problem+json"), r.body());
            assertEquals(c[1], Http.object(r).getString("field"), r.body());
        }
        assertEquals(400, Admin.post(SERVERS, "not json").statusCode());
        assertFalse(Admin.get(SERVERS).body().contains("\"" + name + "\""), "no refused body left a server behind");
    }

    @Test
    void aSecondServerWithTheSameNameIsAConflict() {
        String name = uniqueName();
        String body = "{\"name\":\"" + name + "\",\"url\":\"" + ItConfig.simulatorUrl() + "\"}";
        String id = add(body).getString("id");
        try {
            HttpResponse<String> again = Admin.post(SERVERS, body);
            assertEquals(409, again.statusCode(), again.body());
            assertEquals("name", Http.object(again).getString("field"));
        } finally {
            Admin.delete(SERVERS + "/" + id);
        }
    }

    @Test
    void aServerTheDefaultTemplateNamesCannotBeDeleted() {
        JsonObject local = listedWhen("local", s -> true);
        HttpResponse<String> r = Admin.delete(SERVERS + "/" + local.getString("id"));
        assertEquals(409, r.statusCode(), r.body());
        assertTrue(Http.object(r).getString("detail").contains("default"), r.body());
        assertEquals(200, Admin.get(SERVERS + "/" + local.getString("id")).statusCode(), "it is still there");
    }

    @Test
    void onlyAdminsManageServers() {
        String userKey = Admin.newKey(Admin.newUser())[1];
        String auth = Http.bearer(userKey);
        assertEquals(403, Http.get(SERVERS, "Authorization", auth).statusCode());
        String name = uniqueName();
        HttpResponse<String> post = Http.post(SERVERS, "{\"name\":\"" + name + "\",\"url\":\"" + ItConfig.simulatorUrl() + "\"}",
                "Authorization", auth);
        assertEquals(403, post.statusCode(), post.body());
        assertEquals(401, Http.get(SERVERS).statusCode());
        assertFalse(Admin.get(SERVERS).body().contains("\"" + name + "\""));
    }
}
