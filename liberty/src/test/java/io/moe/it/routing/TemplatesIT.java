package io.moe.it.routing;

import io.moe.it.Http;
import io.moe.it.ItConfig;
import io.moe.it.identity.Admin;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * /api/expert-templates on the admin port: templates are created, read, changed and deleted; a template that
 * breaks the schema or names an unknown server is a 400 naming the field; names are unique and the default
 * template stays; import (merge or replace, and each row of the spec's validation table) and export round
 * trip, including a file in the original system's format.
 */
class TemplatesIT {

    private static final String TEMPLATES = ItConfig.adminUrl() + "/api/expert-templates";
    private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private final String marker = "it-" + UUID.randomUUID().toString().substring(0, 8);
    private final List<String> created = new ArrayList<>();

    @AfterEach
    void removeWhatThisTestMade() {
        for (JsonObject t : listed()) {
            if (t.getString("name").startsWith(marker)) {
                Admin.delete(TEMPLATES + "/" + t.getString("id"));
            }
        }
        created.forEach(url -> Admin.delete(url));
    }

    private static String template(String name, String role) {
        return "{\"name\":\"" + name + "\",\"planner_model\":\"sim-planner:7b@local\",\"judge_model\":\"sim-judge:32b@local\","
                + "\"force_ensemble\":true,\"max_tokens\":{\"expert\":512},\"experts\":{\"general\":{\"system_prompt\":\"Be brief.\","
                + "\"models\":[{\"model\":\"sim-general:8b\",\"endpoint\":\"local\",\"role\":\"" + role + "\"}]}}}";
    }

    private static String file(String... items) {
        return "{\"type\":\"expert_template\",\"scope\":\"admin\",\"version\":\"1.0\",\"exported_at\":\"2026-01-01T00:00:00Z\","
                + "\"items\":[" + String.join(",", items) + "]}";
    }

    private static List<JsonObject> listed() {
        HttpResponse<String> r = Admin.get(TEMPLATES);
        assertEquals(200, r.statusCode(), r.body());
        return Http.object(r).getJsonArray("templates").getValuesAs(JsonObject.class);
    }

    private static JsonObject named(String name) {
        return listed().stream().filter(t -> t.getString("name").equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no template " + name + " listed"));
    }

    private static boolean isListed(String name) {
        return listed().stream().anyMatch(t -> t.getString("name").equals(name));
    }

    private static JsonObject create(String body) {
        HttpResponse<String> r = Admin.post(TEMPLATES, body);
        assertEquals(201, r.statusCode(), r.body());
        return Http.object(r);
    }

    /** POST /api/expert-templates/import as multipart/form-data: field {@code file} and, when given, {@code mode}. */
    private static HttpResponse<String> importFile(String content, String mode) {
        String boundary = "----moe" + UUID.randomUUID();
        StringBuilder body = new StringBuilder();
        if (mode != null) {
            body.append("--").append(boundary).append("\r\nContent-Disposition: form-data; name=\"mode\"\r\n\r\n")
                    .append(mode).append("\r\n");
        }
        if (content != null) {
            body.append("--").append(boundary).append("\r\nContent-Disposition: form-data; name=\"file\"; filename=\"expert_templates.json\"\r\n")
                    .append("Content-Type: application/json\r\n\r\n").append(content).append("\r\n");
        }
        body.append("--").append(boundary).append("--\r\n");
        HttpRequest request = HttpRequest.newBuilder(URI.create(TEMPLATES + "/import")).timeout(Duration.ofSeconds(60))
                .header("Authorization", Http.bearer(ItConfig.apiKey()))
                .header("Content-Type", "multipart/form-data; boundary=" + boundary)
                .POST(HttpRequest.BodyPublishers.ofString(body.toString(), StandardCharsets.UTF_8)).build();
        try {
            return CLIENT.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static JsonObject imported(String content, String mode) {
        HttpResponse<String> r = importFile(content, mode);
        assertEquals(200, r.statusCode(), r.body());
        JsonObject result = Http.object(r);
        assertTrue(result.getBoolean("ok"), r.body());
        return result;
    }

    private static void assertRefused(HttpResponse<String> r, int status, String field) {
        assertEquals(status, r.statusCode(), r.body());
        assertTrue(r.headers().firstValue("Content-Type").orElse("").startsWith("application/problem+json"), r.body());
        JsonObject problem = Http.object(r);
        assertEquals(field, problem.getString("field", null), r.body());
        if ("invalid_template".equals(problem.getString("code"))) {
            assertTrue(problem.getString("detail").startsWith(field + ": ") || problem.getString("detail").startsWith(field + " "),
                    "the message starts with the field: " + r.body());
        }
    }

    /** A template as listed, without what the server assigns (id and timestamps). */
    private static JsonObject content(JsonObject listed) {
        JsonObjectBuilder b = Json.createObjectBuilder(listed);
        b.remove("id");
        b.remove("created_at");
        b.remove("updated_at");
        return b.build();
    }

    @Test
    void aTemplateIsCreatedReadChangedAndDeleted() {
        String name = marker + "-crud";
        JsonObject made = create(template(name, "primary"));
        String url = TEMPLATES + "/" + made.getString("id");
        assertEquals("primary", made.getJsonObject("experts").getJsonObject("general").getJsonArray("models")
                .getJsonObject(0).getString("role"));
        assertEquals(300, made.getJsonObject("timeout_seconds").getInt("planner"), "the planner's default timeout");
        assertEquals(512, made.getJsonObject("max_tokens").getInt("expert"));
        assertTrue(made.getBoolean("force_ensemble"));
        assertTrue(made.getBoolean("enable_cache"), "defaults are spelled out");
        assertEquals(made, Http.object(Admin.get(url)));
        assertEquals(made, named(name));

        HttpResponse<String> changed = Admin.put(url, template(name, "always").replace("\"force_ensemble\":true", "\"cost_factor\":2.5"));
        assertEquals(200, changed.statusCode(), changed.body());
        JsonObject after = Http.object(changed);
        assertEquals("always", after.getJsonObject("experts").getJsonObject("general").getJsonArray("models")
                .getJsonObject(0).getString("role"));
        assertTrue(after.getJsonObject("experts").getJsonObject("general").getJsonArray("models").getJsonObject(0).getBoolean("required"));
        assertEquals(2.5, after.getJsonNumber("cost_factor").doubleValue());
        assertFalse(after.getBoolean("force_ensemble"), "PUT takes the whole template");
        assertEquals(made.getString("id"), after.getString("id"));

        HttpResponse<String> sentBack = Admin.put(url, after.toString());
        assertEquals(200, sentBack.statusCode(), "a GET's answer is accepted back: " + sentBack.body());
        assertEquals(content(after), content(Http.object(sentBack)));

        String user = Admin.newUser();
        Admin.grant(user, "expert_template", "tmpl-" + made.getString("id"));
        assertEquals(204, Admin.delete(url).statusCode());
        assertEquals(404, Admin.get(url).statusCode());
        assertFalse(isListed(name));
        assertFalse(Admin.get(Admin.USERS + "/" + user + "/permissions").body().contains(made.getString("id")),
                "a grant may only name a template that exists: deleting it takes its grants");
    }

    @Test
    void aBrokenTemplateIs400NamingTheFieldAndStoresNothing() {
        String name = marker + "-bad";
        String valid = template(name, "primary");
        String[][] cases = {
                {valid.replace("\"role\":\"primary\"", "\"role\":\"secondary\""), "experts.general.models[0].role"},
                {valid.replace("\"role\":\"primary\"", "\"role\":\"primary\",\"tier\":3"), "experts.general.models[0].tier"},
                {valid.replace("\"force_ensemble\":true", "\"cost_factor\":0"), "cost_factor"},
                {valid.replace("\"force_ensemble\":true", "\"max_agentic_rounds\":99"), "max_agentic_rounds"},
                {valid.replace("\"force_ensemble\":true", "\"timeout_seconds\":{\"planner\":0}"), "timeout_seconds.planner"},
                {valid.replace("\"force_ensemble\":true", "\"enable_cahce\":true"), "enable_cahce"},
                {valid.replace("sim-planner:7b@local", "sim-planner"), "planner_model"},
                {valid.replace("\"name\":\"" + name + "\"", "\"name\":\"" + "x".repeat(101) + "\""), "name"},
                {valid.replace("\"name\":\"" + name + "\",", ""), "name"},
        };
        for (String[] c : cases) {
            assertRefused(Admin.post(TEMPLATES, c[0]), 400, c[1]);
        }
        HttpResponse<String> detail = Admin.post(TEMPLATES, cases[0][0]);
        assertEquals("experts.general.models[0].role: must be one of always, primary, fallback", Http.object(detail).getString("detail"));
        assertEquals(400, Admin.post(TEMPLATES, "not json").statusCode());
        assertFalse(isListed(name), "no refused body left a template behind");
    }

    @Test
    void aModelOnAnUnknownServerIsRefused() {
        String name = marker + "-unknown-server";
        assertRefused(Admin.post(TEMPLATES, template(name, "primary").replace("\"endpoint\":\"local\"", "\"endpoint\":\"gpu-none\"")),
                400, "experts.general.models[0].endpoint");
        HttpResponse<String> judge = Admin.post(TEMPLATES, template(name, "primary").replace("sim-judge:32b@local", "sim-judge:32b@gpu-none"));
        assertRefused(judge, 400, "judge_model");
        assertTrue(Http.object(judge).getString("detail").contains("gpu-none"), judge.body());
        assertFalse(isListed(name));
    }

    @Test
    void aTakenNameIsAConflict() {
        String name = marker + "-taken";
        create(template(name, "primary"));
        assertRefused(Admin.post(TEMPLATES, template(name, "fallback")), 409, "name");
        String other = create(template(marker + "-other", "primary")).getString("id");
        assertRefused(Admin.put(TEMPLATES + "/" + other, template(name, "primary")), 409, "name");
        assertEquals("primary", named(name).getJsonObject("experts").getJsonObject("general").getJsonArray("models")
                .getJsonObject(0).getString("role"), "the first template is unchanged");
    }

    @Test
    void theDefaultTemplateCannotBeDeleted() {
        JsonObject standard = named("default");
        HttpResponse<String> r = Admin.delete(TEMPLATES + "/" + standard.getString("id"));
        assertRefused(r, 409, null);
        assertTrue(Http.object(r).getString("detail").contains("moe.template.default"), r.body());
        assertEquals(200, Admin.get(TEMPLATES + "/" + standard.getString("id")).statusCode(), "it is still there");
    }

    @Test
    void aServerATemplateNamesCannotBeDeleted() {
        HttpResponse<String> server = Admin.post(ItConfig.adminUrl() + "/api/servers",
                "{\"name\":\"" + marker + "\",\"url\":\"" + ItConfig.simulatorUrl() + "\"}");
        assertEquals(201, server.statusCode(), server.body());
        String serverUrl = ItConfig.adminUrl() + "/api/servers/" + Http.object(server).getString("id");
        created.add(serverUrl);
        String id = create(template(marker + "-on-own-server", "primary").replace("\"endpoint\":\"local\"",
                "\"endpoint\":\"" + marker + "\"")).getString("id");
        HttpResponse<String> refused = Admin.delete(serverUrl);
        assertEquals(409, refused.statusCode(), refused.body());
        assertTrue(Http.object(refused).getString("detail").contains(marker + "-on-own-server"), refused.body());
        assertEquals(204, Admin.delete(TEMPLATES + "/" + id).statusCode());
        assertEquals(204, Admin.delete(serverUrl).statusCode(), "no template names it any more");
    }

    @Test
    void importMergeSkipsTakenNamesAndReplaceOverwritesThem() {
        String a = marker + "-a";
        String b = marker + "-b";
        String idOfA = create(template(a, "primary")).getString("id");

        JsonObject merged = imported(file(template(a, "fallback"), template(b, "fallback")), "merge");
        assertEquals(1, merged.getInt("imported"));
        assertEquals(1, merged.getInt("skipped"));
        assertEquals("primary", roleOf(a), "merge kept the existing template");
        assertEquals("fallback", roleOf(b));

        JsonObject replaced = imported(file(template(a, "always"), template(b, "always")), "replace");
        assertEquals(2, replaced.getInt("imported"));
        assertEquals(0, replaced.getInt("skipped"));
        assertEquals("always", roleOf(a));
        assertEquals("always", roleOf(b));
        assertEquals(idOfA, named(a).getString("id"), "replace overwrote the template in place");
    }

    private static String roleOf(String name) {
        return named(name).getJsonObject("experts").getJsonObject("general").getJsonArray("models").getJsonObject(0).getString("role");
    }

    @Test
    void importFollowsTheSpecsValidationTable() {
        String name = marker + "-table";
        String item = template(name, "primary");
        assertRefused(importFile(file(item).replace("\"expert_template\"", "\"cc_profile\""), "merge"), 400, "type");
        assertRefused(importFile(file(item).replace("\"1.0\"", "\"2.0\""), "merge"), 400, "version");
        assertRefused(importFile(file().replace("\"items\":[]", "\"items\":{}"), "merge"), 400, "items");
        assertRefused(importFile("not json", "merge"), 400, "file");
        assertRefused(importFile(null, "merge"), 400, "file");
        assertRefused(importFile(file(item), "append"), 400, "mode");
        assertFalse(isListed(name), "no refused file imported anything");

        JsonObject nameless = imported(file("{\"name\":\"\",\"experts\":{}}", "{\"description\":\"no name\"}", item), "merge");
        assertEquals(1, nameless.getInt("imported"));
        assertEquals(2, nameless.getInt("skipped"), "nameless entries are skipped");
        assertTrue(isListed(name));
    }

    @Test
    void oneBrokenItemRefusesTheWholeFile() {
        String good = marker + "-good";
        HttpResponse<String> r = importFile(file(template(good, "primary"), template(marker + "-broken", "secondary")), "replace");
        assertRefused(r, 400, "items[1].experts.general.models[0].role");
        assertFalse(isListed(good), "nothing of the file was imported");
    }

    @Test
    void anExportDeletedAndImportedAgainGivesIdenticalTemplates() {
        create(template(marker + "-one", "always"));
        create(template(marker + "-two", "fallback").replace("\"force_ensemble\":true", "\"history_max_turns\":12,\"enable_cache\":false"));

        HttpResponse<String> export = Admin.get(TEMPLATES + "/export");
        assertEquals(200, export.statusCode(), export.body());
        assertTrue(export.headers().firstValue("Content-Disposition").orElse("").contains("filename=\"expert_templates.json\""),
                export.headers().map().toString());
        JsonObject envelope = Http.object(export);
        assertEquals("expert_template", envelope.getString("type"));
        assertEquals("admin", envelope.getString("scope"));
        assertEquals("1.0", envelope.getString("version"));
        assertFalse(envelope.getString("exported_at").isBlank());
        Map<String, JsonObject> before = contents();

        int removed = 0;
        for (JsonObject t : listed()) {
            if (!t.getString("name").equals("default")) {
                assertEquals(204, Admin.delete(TEMPLATES + "/" + t.getString("id")).statusCode());
                removed++;
            }
        }
        assertEquals(List.of("default"), listed().stream().map(t -> t.getString("name")).toList());

        JsonObject result = imported(export.body(), "merge");
        assertEquals(removed, result.getInt("imported"));
        assertEquals(1, result.getInt("skipped"), "the default template existed already");
        assertEquals(before, contents());
    }

    private static Map<String, JsonObject> contents() {
        Map<String, JsonObject> byName = new TreeMap<>();
        listed().forEach(t -> byName.put(t.getString("name"), content(t)));
        return byName;
    }

    @Test
    void aFileOfTheOriginalSystemImports() {
        String name = marker + " Code Expert";
        String original = """
                {"type": "expert_template", "scope": "admin", "version": "1.0", "exported_at": "2025-11-02T09:14:03.120511+00:00",
                 "items": [{"name": "%s", "description": "", "planner_prompt": "", "judge_prompt": "",
                            "planner_model": "sim-planner:7b@local", "judge_model": "",
                            "experts": {"code_reviewer": {"system_prompt": "You review code.", "models": [
                                          {"model": "sim-expert:14b", "endpoint": "local", "required": true},
                                          {"model": "sim-general-xl:70b", "endpoint": "local", "required": false}]}}}]}
                """.formatted(name);
        JsonObject result = imported(original, null);
        assertEquals(1, result.getInt("imported"));
        JsonObject t = named(name);
        assertTrue(t.isNull("judge_model"), "an empty model is unset: " + t);
        assertTrue(t.isNull("planner_prompt"));
        var models = t.getJsonObject("experts").getJsonObject("code_reviewer").getJsonArray("models");
        assertEquals("always", models.getJsonObject(0).getString("role"), "required: true means always");
        assertEquals("fallback", models.getJsonObject(1).getString("role"), "a 70b model given no role is tier 2 (rule 4)");
    }

    @Test
    void onlyAdminsManageTemplates() {
        String userKey = Admin.newKey(Admin.newUser())[1];
        String auth = Http.bearer(userKey);
        String name = marker + "-not-admin";
        assertEquals(403, Http.get(TEMPLATES, "Authorization", auth).statusCode());
        assertEquals(403, Http.get(TEMPLATES + "/export", "Authorization", auth).statusCode());
        assertEquals(403, Http.post(TEMPLATES, template(name, "primary"), "Authorization", auth).statusCode());
        assertEquals(401, Http.get(TEMPLATES).statusCode());
        assertEquals(401, Http.post(TEMPLATES + "/import", file(template(name, "primary"))).statusCode());
        assertFalse(isListed(name));
    }
}
