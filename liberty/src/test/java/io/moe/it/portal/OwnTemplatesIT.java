package io.moe.it.portal;

import io.moe.it.Http;
import io.moe.it.ItConfig;
import io.moe.it.Poll;
import io.moe.it.identity.Admin;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * /user/api/templates: an expert with a model_endpoint grant keeps own templates (create, toggle, copy,
 * export, import with the spec's validation table) and uses them by name in the model field; nobody else
 * reads, changes or deletes them (404, nothing changed); without the role or the grant it is 403; a model
 * outside the user's grants is refused.
 */
public class OwnTemplatesIT {

    public static final String API = "/user/api/templates";
    private static final String CHAT = ItConfig.orchestratorUrl() + "/v1/chat/completions";

    private final String marker = "own-" + UUID.randomUUID().toString().substring(0, 8);

    public static String template(String name) {
        return "{\"name\":\"" + name + "\",\"planner_model\":\"sim-planner:7b@local\",\"judge_model\":\"sim-judge:32b@local\","
                + "\"experts\":{\"general\":{\"system_prompt\":\"Be brief.\","
                + "\"models\":[{\"model\":\"sim-general:8b\",\"endpoint\":\"local\",\"role\":\"primary\"}]}}}";
    }

    static String file(String scope, String... items) {
        return "{\"type\":\"expert_template\",\"scope\":\"" + scope + "\",\"version\":\"1.0\",\"exported_at\":\"2026-01-01T00:00:00Z\","
                + "\"items\":[" + String.join(",", items) + "]}";
    }

    /** A signed-in expert holding model_endpoint *@local. */
    public static PortalBrowser expert() {
        PortalBrowser browser = PortalBrowser.signedInAsNewUser();
        assertEquals(200, Admin.put(Admin.USERS + "/" + browser.userId, "{\"is_expert\":true}").statusCode());
        Admin.grant(browser.userId, "model_endpoint", "*@local");
        return browser;
    }

    private static JsonObject created(PortalBrowser browser, String body) {
        HttpResponse<String> r = browser.json("POST", API, body);
        assertEquals(201, r.statusCode(), r.body());
        return Http.object(r);
    }

    static HttpResponse<String> chat(String key, String model) {
        return Http.post(CHAT, "{\"model\":\"" + model + "\",\"messages\":[{\"role\":\"user\",\"content\":\"Hello there\"}]}",
                "Authorization", Http.bearer(key));
    }

    private static List<String> modelIds(String key) {
        HttpResponse<String> r = Http.get(ItConfig.orchestratorUrl() + "/v1/models", "Authorization", Http.bearer(key));
        assertEquals(200, r.statusCode(), r.body());
        return Http.object(r).getJsonArray("data").getValuesAs(JsonObject.class).stream().map(m -> m.getString("id")).toList();
    }

    private static List<String> names(PortalBrowser browser) {
        HttpResponse<String> r = browser.json("GET", API, null);
        assertEquals(200, r.statusCode(), r.body());
        return Http.object(r).getJsonArray("templates").getValuesAs(JsonObject.class).stream().map(t -> t.getString("name")).toList();
    }

    @Test
    void anExpertCreatesTogglesAndUsesAnOwnTemplateByName() {
        PortalBrowser alice = expert();
        String name = marker + "-mine";
        JsonObject mine = created(alice, template(name));
        assertEquals(1, mine.getInt("is_active"));
        assertTrue(names(alice).contains(name));
        String key = Admin.newKey(alice.userId)[1];
        assertTrue(modelIds(key).contains(name), "/v1/models lists the own template");
        HttpResponse<String> answered = chat(key, name);
        assertEquals(200, answered.statusCode(), answered.body());

        HttpResponse<String> toggled = alice.json("POST", API + "/" + mine.getString("id") + "/toggle", null);
        assertEquals(200, toggled.statusCode(), toggled.body());
        assertEquals(0, Http.object(toggled).getInt("is_active"));
        assertEquals(404, chat(key, name).statusCode(), "an inactive template is not selectable");
        assertFalse(modelIds(key).contains(name));
        alice.json("POST", API + "/" + mine.getString("id") + "/toggle", null);
        assertEquals(200, chat(key, name).statusCode(), "active again");

        HttpResponse<String> changed = alice.json("PUT", API + "/" + mine.getString("id"), template(name).replace("Be brief.", "Be terse."));
        assertEquals(200, changed.statusCode(), changed.body());
        assertTrue(changed.body().contains("Be terse."));
        assertEquals(204, alice.json("DELETE", API + "/" + mine.getString("id"), null).statusCode());
        assertFalse(names(alice).contains(name));
        assertEquals(404, chat(key, name).statusCode(), "a deleted template is gone at once on this node");
    }

    @Test
    void exportAndImportFollowTheSpecsTable() {
        PortalBrowser alice = expert();
        String a = marker + "-a";
        String b = marker + "-b";
        created(alice, template(a));
        created(alice, template(b));
        HttpResponse<String> export = alice.json("GET", API + "/export", null);
        assertEquals(200, export.statusCode(), export.body());
        assertTrue(export.headers().firstValue("Content-Disposition").orElse("").contains("expert_templates_user.json"));
        JsonObject file = Http.object(export);
        assertEquals("expert_template", file.getString("type"));
        assertEquals("user", file.getString("scope"));
        assertEquals(2, file.getJsonArray("items").size());

        for (JsonObject t : Http.object(alice.json("GET", API, null)).getJsonArray("templates").getValuesAs(JsonObject.class)) {
            assertEquals(204, alice.json("DELETE", API + "/" + t.getString("id"), null).statusCode());
        }
        JsonObject imported = Http.object(alice.json("POST", API + "/import?mode=merge", export.body()));
        assertEquals(2, imported.getInt("imported"), imported.toString());
        assertEquals(List.of(a, b), names(alice), "the round trip gives the same templates");
        JsonObject merged = Http.object(alice.json("POST", API + "/import?mode=merge", file("user", template(a).replace("Be brief.", "Changed."),
                "{\"name\":\"  \"}", "{\"description\":\"nameless\"}")));
        assertEquals(0, merged.getInt("imported"), merged.toString());
        assertEquals(3, merged.getInt("skipped"), "merge skips the existing name and the nameless entries");
        assertFalse(alice.json("GET", API, null).body().contains("Changed."));
        JsonObject replaced = Http.object(alice.json("POST", API + "/import?mode=replace", file("user", template(a).replace("Be brief.", "Changed."))));
        assertEquals(1, replaced.getInt("imported"));
        assertTrue(alice.json("GET", API, null).body().contains("Changed."), "replace overwrites");

        assertEquals(400, alice.json("POST", API + "/import?mode=merge", file("user").replace("expert_template", "cc_profile")).statusCode(),
                "wrong type");
        assertEquals(400, alice.json("POST", API + "/import?mode=merge", file("user").replace("1.0", "2.0")).statusCode(), "wrong version");
        assertEquals(400, alice.json("POST", API + "/import?mode=merge", file("user").replace("[]", "{}")).statusCode(), "items no array");
        String[] tooMany = new String[200];
        for (int i = 0; i < tooMany.length; i++) {
            tooMany[i] = template("bulk-" + i);
        }
        HttpResponse<String> overTheCap = alice.json("POST", API + "/import?mode=merge", file("user", tooMany));
        assertEquals(409, overTheCap.statusCode(), overTheCap.body());
        assertTrue(overTheCap.body().contains("would bring you to 202 own templates (2 kept, 200 new)"), overTheCap.body());
        HttpResponse<String> twice = alice.json("POST", API + "/import?mode=replace", file("user", template("c"), template("c")));
        assertEquals(400, twice.statusCode(), twice.body());
        assertTrue(twice.body().contains("items[1].name"), twice.body());
        assertEquals(List.of(a, b), names(alice), "refused files change nothing");
    }

    @Test
    void anExpertCopiesAnAdminTemplateItMayUse() {
        PortalBrowser alice = expert();
        HttpResponse<String> team = Admin.post(ItConfig.adminUrl() + "/api/expert-templates", template(marker + "-team")
                .replace("{\"name\"", "{\"cost_factor\":0.5,\"name\"")); // cheaper for the team; a copy costs at least 1.0
        assertEquals(201, team.statusCode(), team.body());
        String teamId = Http.object(team).getString("id");
        try {
            assertEquals(404, alice.json("POST", API + "/copy/" + teamId, null).statusCode(), "not granted: not visible");
            assertFalse(alice.json("GET", API + "/copyable", null).body().contains(marker + "-team"));
            Admin.grant(alice.userId, "expert_template", "tmpl-" + teamId);
            assertTrue(alice.json("GET", API + "/copyable", null).body().contains(marker + "-team"));
            HttpResponse<String> copy = alice.json("POST", API + "/copy/" + teamId, null);
            assertEquals(201, copy.statusCode(), copy.body());
            assertEquals(marker + "-team (copy)", Http.object(copy).getString("name"), "the admin template keeps its name");
            assertEquals(1.0, Http.object(copy).getJsonNumber("cost_factor").doubleValue(), copy.body());
            HttpResponse<String> again = alice.json("POST", API + "/copy/" + teamId, null);
            assertEquals(marker + "-team (copy 2)", Http.object(again).getString("name"), again.body());
            HttpResponse<String> clash = alice.json("POST", API, template(marker + "-team"));
            assertEquals(400, clash.statusCode(), clash.body());
            assertEquals("name", Http.object(clash).getString("field"));
            HttpResponse<String> cheap = alice.json("POST", API, template(marker + "-cheap").replace("{\"name\"", "{\"cost_factor\":0.001,\"name\""));
            assertEquals(400, cheap.statusCode(), cheap.body());
            assertEquals("cost_factor", Http.object(cheap).getString("field"));
            assertTrue(Http.object(cheap).getString("detail").contains("at least 1.0"), cheap.body());
        } finally {
            Admin.delete(ItConfig.adminUrl() + "/api/expert-templates/" + teamId);
        }
    }

    @Test
    void anOwnerWhoseRoleWasTakenAwayStillListsExportsDeactivatesAndDeletesButWritesNothing() {
        PortalBrowser bob = expert();
        JsonObject kept = created(bob, template(marker + "-kept"));
        JsonObject gone = created(bob, template(marker + "-gone"));
        assertEquals(200, Admin.put(Admin.USERS + "/" + bob.userId, "{\"is_expert\":false}").statusCode());

        assertEquals(List.of(marker + "-gone", marker + "-kept"), names(bob).stream().sorted().toList());
        HttpResponse<String> export = bob.json("GET", API + "/export", null);
        assertEquals(200, export.statusCode(), export.body());
        assertEquals(2, Http.object(export).getJsonArray("items").size());
        String keptPath = API + "/" + kept.getString("id");
        assertEquals(200, bob.json("GET", keptPath, null).statusCode());
        HttpResponse<String> off = bob.json("POST", keptPath + "/toggle", null);
        assertEquals(200, off.statusCode(), off.body());
        assertEquals(0, Http.object(off).getInt("is_active"));
        HttpResponse<String> on = bob.json("POST", keptPath + "/toggle", null);
        assertEquals(403, on.statusCode(), "activating is an author's right");
        assertTrue(on.body().contains("template_authoring_not_permitted"), on.body());
        assertEquals(403, bob.json("PUT", keptPath, template(marker + "-kept")).statusCode(), "changing too");
        assertTrue(bob.json("DELETE", API + "/" + gone.getString("id"), null).statusCode() / 100 == 2);
        assertEquals(List.of(marker + "-kept"), names(bob));
        assertTrue(bob.json("GET", keptPath, null).body().contains("\"is_active\":0"), "still inactive");
    }

    @Test
    void withoutTheRoleOrAGrantItIs403AndAModelOutsideTheGrantsIsRefused() {
        PortalBrowser member = PortalBrowser.signedInAsNewUser();
        Admin.grant(member.userId, "model_endpoint", "*@local");
        assertEquals(List.of(), names(member), "no expert role: nothing of their own to list");
        assertEquals(403, member.json("POST", API, template(marker + "-x")).statusCode(), "no expert role");

        PortalBrowser ungranted = PortalBrowser.signedInAsNewUser();
        assertEquals(200, Admin.put(Admin.USERS + "/" + ungranted.userId, "{\"is_expert\":true}").statusCode());
        HttpResponse<String> refused = ungranted.json("POST", API, template(marker + "-y"));
        assertEquals(403, refused.statusCode(), "no model_endpoint grant");
        assertTrue(refused.body().contains("template_authoring_not_permitted"), refused.body());

        Admin.grant(ungranted.userId, "model_endpoint", "sim-general:8b@local");
        HttpResponse<String> outside = ungranted.json("POST", API, template(marker + "-z"));
        assertEquals(403, outside.statusCode(), outside.body());
        JsonObject problem = Http.object(outside);
        assertEquals("model_endpoint_not_granted", problem.getString("code"));
        assertEquals("planner_model", problem.getString("field"));
        assertEquals(403, ungranted.json("POST", API + "/import?mode=merge", file("user", template(marker + "-z"))).statusCode());
        assertEquals(List.of(), names(ungranted), "nothing was stored");
    }

    @Test
    void twoUsersOwnTemplatesOfOneNameShareNoCachedAnswer() {
        PortalBrowser alice = expert();
        PortalBrowser bob = expert();
        String name = marker + "-same";
        created(alice, template(name).replace("Be brief.", "Be brief. Mention the codeword ALICE-ONLY."));
        created(bob, template(name));
        String question = "Explain in detail why the tides of " + marker + " follow the moon and the sun over a month";
        String aliceKey = Admin.newKey(alice.userId)[1];
        HttpResponse<String> first = chatAbout(aliceKey, name, question);
        assertEquals(200, first.statusCode(), first.body());
        String firstId = Http.object(first).getString("id");
        Poll.until(() -> trace(firstId, aliceKey).getString("cache_store", ""), "stored"::equals,
                Duration.ofSeconds(30), "alice's answer in the cache");
        assertEquals("hard", cachePath(aliceKey, chatAbout(aliceKey, name, question)), "her own template's entry serves her");

        String bobKey = Admin.newKey(bob.userId)[1];
        String bobsPath = cachePath(bobKey, chatAbout(bobKey, name, question));
        assertEquals("miss", bobsPath, "bob's template of the same name never sees alice's entry");
    }

    private static HttpResponse<String> chatAbout(String key, String model, String question) {
        return Http.post(CHAT, Json.createObjectBuilder().add("model", model).add("messages", Json.createArrayBuilder()
                .add(Json.createObjectBuilder().add("role", "user").add("content", question))).build().toString(),
                "Authorization", Http.bearer(key));
    }

    /** The answer's trace, written just after the answer. */
    private static JsonObject trace(String id, String key) {
        HttpResponse<String> read = Poll.until(() -> Http.get(ItConfig.orchestratorUrl() + "/v1/responses/" + id + "/trace",
                "Authorization", Http.bearer(key)), r -> r.statusCode() == 200, Duration.ofSeconds(20), "the trace of " + id);
        return Http.object(read);
    }

    private static String cachePath(String key, HttpResponse<String> answered) {
        assertEquals(200, answered.statusCode(), answered.body());
        return trace(Http.object(answered).getString("id"), key).getJsonObject("cache").getString("path");
    }

    @Test
    void anotherUserCannotReadChangeDeleteToggleOrRunSomeonesTemplate() {
        PortalBrowser alice = expert();
        PortalBrowser bob = expert();
        JsonObject mine = created(alice, template(marker + "-alice"));
        String url = API + "/" + mine.getString("id");
        assertEquals(404, bob.json("GET", url, null).statusCode());
        assertEquals(404, bob.json("PUT", url, template(marker + "-stolen")).statusCode());
        assertEquals(404, bob.json("POST", url + "/toggle", null).statusCode());
        assertEquals(404, bob.json("DELETE", url, null).statusCode());
        assertFalse(bob.json("GET", API + "/export", null).body().contains(marker + "-alice"));
        assertEquals(404, chat(Admin.newKey(bob.userId)[1], marker + "-alice").statusCode(), "not selectable by another user");
        JsonObject unchanged = Http.object(alice.json("GET", url, null));
        assertEquals(mine, unchanged, "nothing changed");

        assertEquals(403, alice.json("DELETE", url, null, false).statusCode(), "a change without the CSRF token is refused");
        assertEquals(401, new PortalBrowser().json("GET", API, null).statusCode(), "no session");
        assertEquals(401, Http.get(ItConfig.adminUrl() + API, "Authorization", Http.bearer(Admin.newKey(alice.userId)[1])).statusCode(),
                "the portal API takes no API keys");
    }
}
