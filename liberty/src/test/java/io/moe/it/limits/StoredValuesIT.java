package io.moe.it.limits;

import io.moe.it.Http;
import io.moe.it.ItConfig;
import io.moe.it.identity.Admin;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Values the database could not store — a NUL character, a string longer than its column, a year past its calendar —
 * are refused by name with a 400 before they reach it, never a 500; and a route whose name is as long as a model id
 * may be still leaves its usage row.
 */
class StoredValuesIT {

    private static final String NUL = "\u0000";

    private static void refused(HttpResponse<String> response, String field) {
        assertEquals(400, response.statusCode(), response.body());
        JsonObject problem = Http.object(response);
        assertEquals(field, problem.getString("field", ""), response.body());
    }

    private static String json(String... pairs) {
        var o = Json.createObjectBuilder();
        for (int i = 0; i < pairs.length; i += 2) {
            o.add(pairs[i], pairs[i + 1]);
        }
        return o.build().toString();
    }

    @Test
    void theAdminApiRefusesWhatTheDatabaseCouldNotStoreNamingTheField() {
        String user = Admin.newUser();
        refused(Admin.put(Admin.USERS + "/" + user, json("display_name", "Ann" + NUL)), "display_name");
        refused(Admin.put(Admin.USERS + "/" + user, json("email", "a" + NUL + "b@example.org")), "email");
        refused(Admin.post(Admin.USERS + "/" + user + "/keys", json("label", "ci" + NUL)), "label");
        refused(Admin.post(Admin.USERS + "/" + user + "/keys", json("expires_at", "+300000-01-01T00:00:00Z")), "expires_at");
        refused(Admin.post(Admin.USERS + "/" + user + "/permissions",
                json("resource_type", "model_endpoint", "resource_id", "m".repeat(400) + "@local")), "resource_id");
        refused(Admin.post(ItConfig.adminUrl() + "/api/servers", json("name", "long-url", "url", "http://h/" + "p".repeat(3000))), "url");
        HttpResponse<String> template = Admin.post(ItConfig.adminUrl() + "/api/expert-templates",
                json("name", "nul-" + System.nanoTime(), "description", "a" + NUL + "b"));
        assertEquals(400, template.statusCode(), template.body());
        assertTrue(template.body().contains("description"), template.body());
        assertEquals(0, Http.object(Admin.get(Admin.USERS + "/" + user + "/keys")).getJsonArray("keys").size(), "no key was made");
    }

    @Test
    void aModelIdTooLongForAnyServerIsRefusedAndTheLongestThereIsStillLeavesItsUsageRow() {
        String[] user = Callers.newUser();
        Admin.grantDirectCalls(user[0], "*@local");
        HttpResponse<String> tooLong = Callers.chat(user[1], Json.createObjectBuilder().add("model", "m".repeat(300) + "@local")
                .add("messages", Json.createArrayBuilder().add(Json.createObjectBuilder().add("role", "user").add("content", "hi"))).build().toString());
        assertEquals(400, tooLong.statusCode(), tooLong.body());
        assertTrue(Callers.errorCode(tooLong).equals("invalid_value") && Http.object(tooLong).getJsonObject("error").getString("message").startsWith("'model'"),
                tooLong.body());
        String longest = "m".repeat(200) + "@local"; // the longest model name a route may name: its usage row has room for it
        HttpResponse<String> answered = Callers.chat(user[1], Json.createObjectBuilder().add("model", longest)
                .add("messages", Json.createArrayBuilder().add(Json.createObjectBuilder().add("role", "user").add("content", "hi"))).build().toString());
        assertTrue(answered.statusCode() < 500 || answered.statusCode() == 502, answered.statusCode() + " " + answered.body());
        JsonObject usage = Callers.usageWhen(user[0], u -> !u.getJsonArray("recent").isEmpty());
        assertEquals(longest, usage.getJsonArray("recent").getJsonObject(0).getString("model"));
    }

    @Test
    void feedbackForAnIdNoAnswerCouldHaveIsRefused() {
        String[] user = Callers.newUser();
        HttpResponse<String> r = Http.post(ItConfig.orchestratorUrl() + "/v1/feedback",
                json("response_id", "chatcmpl-" + "x".repeat(500)).replace("}", ",\"rating\":5}"),
                "Authorization", Http.bearer(user[1]), "Content-Type", "application/json");
        assertEquals(400, r.statusCode(), r.body());
        assertEquals("invalid_response_id", Callers.errorCode(r));
    }
}
