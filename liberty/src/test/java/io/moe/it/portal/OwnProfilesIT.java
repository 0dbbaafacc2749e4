package io.moe.it.portal;

import io.moe.it.Http;
import io.moe.it.ItConfig;
import io.moe.it.identity.Admin;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * /user/api/cc-profiles and /user/api/keys: an expert keeps own coding-client profiles, binds one to an own key
 * and the messages API answers that key with it; export and import follow the spec's table; nobody else reads,
 * changes, deletes or binds them (404, nothing changed); a tool model outside the grants is refused; an admin
 * lists and deletes them through /api/admin/user-cc-profiles. Keys are created, listed and revoked only by their
 * owner (also through the spec's POST /user/keys/{id}/revoke).
 */
class OwnProfilesIT {

    static final String API = "/user/api/cc-profiles";
    static final String KEYS = "/user/api/keys";
    static final String MODEL = "claude-sonnet-4-5";

    private final String marker = "ownp-" + UUID.randomUUID().toString().substring(0, 8);

    /** An expert who may keep own profiles in moe_mode native: model_endpoint *@local and the moe_mode grant native. */
    static PortalBrowser codingExpert() {
        PortalBrowser browser = OwnTemplatesIT.expert();
        Admin.grant(browser.userId, "moe_mode", "native");
        return browser;
    }

    static String profile(String name, String toolModel) {
        return Json.createObjectBuilder().add("name", name).add("accepted_models", Json.createArrayBuilder().add(MODEL))
                .add("tool_model", toolModel).add("tool_endpoint", "local").add("moe_mode", "native")
                .add("system_prompt_prefix", "You help with code.").build().toString();
    }

    static String file(String... items) {
        return "{\"type\":\"cc_profile\",\"scope\":\"user\",\"version\":\"1.0\",\"exported_at\":\"2026-01-01T00:00:00Z\",\"items\":["
                + String.join(",", items) + "]}";
    }

    private static JsonObject created(PortalBrowser browser, String body) {
        HttpResponse<String> r = browser.json("POST", API, body);
        assertEquals(201, r.statusCode(), r.body());
        return Http.object(r);
    }

    private static List<String> names(PortalBrowser browser) {
        HttpResponse<String> r = browser.json("GET", API, null);
        assertEquals(200, r.statusCode(), r.body());
        return Http.object(r).getJsonArray("profiles").getValuesAs(JsonObject.class).stream().map(p -> p.getString("name")).toList();
    }

    static JsonObject newKey(PortalBrowser browser, String profileId) {
        String body = profileId == null ? "{\"label\":\"laptop\",\"expires_at\":\"2099-12-31\"}"
                : "{\"label\":\"laptop\",\"cc_profile_id\":\"" + profileId + "\"}";
        HttpResponse<String> r = browser.json("POST", KEYS, body);
        assertEquals(201, r.statusCode(), r.body());
        return Http.object(r);
    }

    static HttpResponse<String> message(String key) {
        return Http.post(ItConfig.orchestratorUrl() + "/v1/messages", Json.createObjectBuilder().add("model", MODEL).add("max_tokens", 256)
                        .add("messages", Json.createArrayBuilder().add(Json.createObjectBuilder().add("role", "user").add("content", "Hi")))
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

    @Test
    void anExpertBindsAnOwnProfileToAnOwnKeyAndTheMessagesApiUsesIt() {
        PortalBrowser alice = codingExpert();
        String name = marker + "-mine";
        JsonObject mine = created(alice, profile(name, "sim-coder:7b"));
        assertEquals(1, mine.getInt("is_active"));
        JsonObject key = newKey(alice, mine.getString("id"));
        assertEquals(mine.getString("id"), key.getString("cc_profile_id"));
        assertTrue(key.getString("key").startsWith("moe-sk-"), "the raw key is answered once");
        JsonObject listed = Http.object(alice.json("GET", KEYS, null)).getJsonArray("keys").getValuesAs(JsonObject.class).stream()
                .filter(k -> k.getString("id").equals(key.getString("id"))).findFirst().orElseThrow();
        assertEquals(name, listed.getString("cc_profile"));
        assertFalse(listed.toString().contains(key.getString("key")), "the list never shows the raw key");

        HttpResponse<String> answered = message(key.getString("key"));
        assertEquals(200, answered.statusCode(), answered.body());
        assertEquals(name, trace(key.getString("key"), Http.object(answered).getString("id")).getString("profile"));

        alice.json("POST", API + "/" + mine.getString("id") + "/toggle", null);
        assertEquals(403, message(key.getString("key")).statusCode(), "an inactive own profile is passed over (and the user has no other)");
        alice.json("POST", API + "/" + mine.getString("id") + "/toggle", null);

        HttpResponse<String> changed = alice.json("PUT", API + "/" + mine.getString("id"), profile(name, "sim-coder:7b").replace("You help", "You fix"));
        assertEquals(200, changed.statusCode(), changed.body());
        assertTrue(changed.body().contains("You fix"));

        HttpResponse<String> revoked = alice.form("/user/keys/" + key.getString("id") + "/revoke", "csrf_token=" + alice.csrfToken());
        assertEquals(303, revoked.statusCode(), revoked.body());
        assertEquals(401, message(key.getString("key")).statusCode(), "a revoked key is refused");
        assertEquals(204, alice.json("DELETE", API + "/" + mine.getString("id"), null).statusCode());
        assertFalse(names(alice).contains(name));
    }

    @Test
    void exportAndImportFollowTheSpecsTable() {
        PortalBrowser alice = codingExpert();
        String a = marker + "-a";
        created(alice, profile(a, "sim-coder:7b"));
        HttpResponse<String> export = alice.json("GET", API + "/export", null);
        assertEquals(200, export.statusCode(), export.body());
        assertTrue(export.headers().firstValue("Content-Disposition").orElse("").contains("cc_profiles.json"));
        JsonObject file = Http.object(export);
        assertEquals("cc_profile", file.getString("type"));
        assertEquals("user", file.getString("scope"));

        String b = marker + "-b";
        JsonObject merged = Http.object(alice.json("POST", API + "/import?mode=merge", file(profile(a, "sim-coder:7b").replace("You help", "Changed"),
                profile(b, "sim-coder:7b"), "{\"name\":\"\"}")));
        assertEquals(1, merged.getInt("imported"), merged.toString());
        assertEquals(2, merged.getInt("skipped"), "merge skips the existing name and the nameless entry");
        assertEquals(List.of(a, b), names(alice));
        assertFalse(alice.json("GET", API, null).body().contains("Changed"));
        JsonObject replaced = Http.object(alice.json("POST", API + "/import?mode=replace", file(profile(a, "sim-coder:7b").replace("You help", "Changed"))));
        assertEquals(1, replaced.getInt("imported"));
        assertTrue(alice.json("GET", API, null).body().contains("Changed"), "replace overwrites");
        assertEquals(400, alice.json("POST", API + "/import?mode=merge", file().replace("cc_profile", "expert_template")).statusCode());
        assertEquals(400, alice.json("POST", API + "/import?mode=merge", file().replace("1.0", "2.0")).statusCode());
        assertEquals(400, alice.json("POST", API + "/import?mode=merge", file().replace("[]", "{}")).statusCode());
    }

    @Test
    void aToolModelOutsideTheGrantsIsRefusedAndWithoutTheRoleItIs403() {
        PortalBrowser member = PortalBrowser.signedInAsNewUser();
        Admin.grant(member.userId, "model_endpoint", "*@local");
        assertEquals(403, member.json("POST", API, profile(marker + "-x", "sim-coder:7b")).statusCode(), "no expert role");

        PortalBrowser narrow = PortalBrowser.signedInAsNewUser();
        assertEquals(200, Admin.put(Admin.USERS + "/" + narrow.userId, "{\"is_expert\":true}").statusCode());
        Admin.grant(narrow.userId, "model_endpoint", "sim-general:8b@local");
        HttpResponse<String> outside = narrow.json("POST", API, profile(marker + "-y", "sim-coder:7b"));
        assertEquals(403, outside.statusCode(), outside.body());
        assertEquals("tool_model", Http.object(outside).getString("field"));
        assertEquals("model_endpoint_not_granted", Http.object(outside).getString("code"));
        assertEquals(List.of(), names(narrow), "nothing was stored");
        HttpResponse<String> invalid = narrow.json("POST", API, "{\"name\":\"" + marker + "\"}");
        assertEquals(400, invalid.statusCode(), invalid.body());
    }

    @Test
    void aNativeProfileNeedsTheNativeModeGrantBesideTheModelGrants() {
        PortalBrowser templatesOnly = OwnTemplatesIT.expert(); // model_endpoint *@local: own templates, no direct calls
        HttpResponse<String> refused = templatesOnly.json("POST", API, profile(marker + "-n", "sim-coder:7b"));
        assertEquals(403, refused.statusCode(), refused.body());
        assertEquals("moe_mode", Http.object(refused).getString("field"));
        assertTrue(Http.object(refused).getString("detail").contains("'native'"), refused.body());
        assertEquals(List.of(), names(templatesOnly), "nothing was stored");

        Admin.grant(templatesOnly.userId, "moe_mode", "native");
        assertEquals(201, templatesOnly.json("POST", API, profile(marker + "-n", "sim-coder:7b")).statusCode(), "with the grant it is kept");
    }

    @Test
    void anotherUserCannotReadChangeDeleteOrBindSomeonesProfileNorTouchTheirKeys() {
        PortalBrowser alice = codingExpert();
        PortalBrowser bob = codingExpert();
        JsonObject mine = created(alice, profile(marker + "-alice", "sim-coder:7b"));
        String url = API + "/" + mine.getString("id");
        assertEquals(404, bob.json("GET", url, null).statusCode());
        assertEquals(404, bob.json("PUT", url, profile(marker + "-stolen", "sim-coder:7b")).statusCode());
        assertEquals(404, bob.json("POST", url + "/toggle", null).statusCode());
        assertEquals(404, bob.json("DELETE", url, null).statusCode());
        HttpResponse<String> bind = bob.json("POST", KEYS, "{\"label\":\"x\",\"cc_profile_id\":\"" + mine.getString("id") + "\"}");
        assertEquals(404, bind.statusCode(), bind.body());
        assertFalse(bob.json("GET", KEYS, null).body().contains("\"label\":\"x\""), "the refused key was not created");
        assertEquals(mine, Http.object(alice.json("GET", url, null)), "nothing changed");

        JsonObject aliceKey = newKey(alice, null);
        assertEquals(404, bob.json("POST", KEYS + "/" + aliceKey.getString("id") + "/revoke", null).statusCode());
        assertEquals(404, bob.form("/user/keys/" + aliceKey.getString("id") + "/revoke", "csrf_token=" + bob.csrfToken()).statusCode());
        assertEquals(403, alice.form("/user/keys/" + aliceKey.getString("id") + "/revoke", "csrf_token=forged").statusCode());
        assertFalse(bob.json("GET", KEYS, null).body().contains(aliceKey.getString("id")));
        assertEquals(200, Http.get(ItConfig.orchestratorUrl() + "/v1/models", "Authorization", Http.bearer(aliceKey.getString("key"))).statusCode(),
                "alice's key still works");
        assertEquals(400, alice.json("POST", KEYS, "{\"expires_at\":\"tomorrow\"}").statusCode());
        assertEquals(400, alice.json("POST", KEYS, "{\"label\":\"ci\",\"expiry\":\"2099-12-31\"}").statusCode(),
                "a misspelt expiry makes no key that never expires");
    }

    @Test
    void anAdminListsAndDeletesUsersOwnProfiles() {
        PortalBrowser alice = codingExpert();
        JsonObject mine = created(alice, profile(marker + "-admin", "sim-coder:7b"));
        String adminApi = ItConfig.adminUrl() + "/api/admin/user-cc-profiles";
        JsonObject listed = Http.object(Admin.get(adminApi)).getJsonArray("profiles").getValuesAs(JsonObject.class).stream()
                .filter(p -> p.getString("id").equals(mine.getString("id"))).findFirst().orElseThrow();
        assertEquals(alice.userId, listed.getString("user_id"));
        assertEquals(alice.username, listed.getString("username"));
        assertEquals(403, Http.get(adminApi, "Authorization", Http.bearer(Admin.newKey(alice.userId)[1])).statusCode());
        assertEquals(200, Admin.delete(adminApi + "/" + mine.getString("id")).statusCode());
        assertEquals(404, Admin.delete(adminApi + "/" + mine.getString("id")).statusCode());
        assertEquals(List.of(), names(alice), "the owner no longer has it");
    }
}
