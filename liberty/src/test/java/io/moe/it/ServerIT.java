package io.moe.it;

import io.moe.it.identity.Admin;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The four front doors answer on their own ports, and the open routes are open. */
class ServerIT {

    @Test
    void healthIsUpWithTheDatabaseReady() {
        HttpResponse<String> response = Http.get(ItConfig.orchestratorUrl() + "/health");
        assertEquals(200, response.statusCode(), response.body());
        JsonObject health = Http.object(response);
        assertEquals("UP", health.getString("status"));
        assertTrue(response.body().contains("\"database\""), response.body());
    }

    @Test
    void modelsListsTheEightModes() {
        HttpResponse<String> response = Http.get(ItConfig.orchestratorUrl() + "/v1/models");
        assertEquals(200, response.statusCode());
        JsonObject body = Http.object(response);
        assertEquals("list", body.getString("object"));
        List<String> ids = body.getJsonArray("data").getValuesAs(JsonObject.class).stream().map(m -> m.getString("id")).toList();
        assertEquals(List.of("moe-orchestrator", "moe-orchestrator-code", "moe-orchestrator-concise", "moe-orchestrator-agent",
                "moe-orchestrator-agent-orchestrated", "moe-orchestrator-research", "moe-orchestrator-report",
                "moe-orchestrator-plan"), ids);
    }

    @Test
    void adminAndPortalShareTheAdminPort() {
        HttpResponse<String> admin = Http.get(ItConfig.adminUrl() + "/");
        assertEquals(302, admin.statusCode(), "the admin pages need a sign-in");
        assertTrue(admin.headers().firstValue("Location").orElse("").endsWith("/login.xhtml"));
        HttpResponse<String> login = Http.get(ItConfig.adminUrl() + "/login.xhtml");
        assertEquals(200, login.statusCode());
        assertTrue(login.body().contains("Admin sign-in"), login.body());
        HttpResponse<String> portal = Http.get(ItConfig.adminUrl() + "/user/");
        assertEquals(302, portal.statusCode(), "the portal's pages need a sign-in too");
        assertTrue(portal.headers().firstValue("Location").orElse("").endsWith("/user/login"), portal.headers().toString());
        HttpResponse<String> portalLogin = Http.get(ItConfig.adminUrl() + "/user/login");
        assertEquals(200, portalLogin.statusCode());
        assertTrue(portalLogin.body().contains("User portal"), "the portal's own sign-in, not the admin application's: " + portalLogin.body());
        assertFalse(portalLogin.body().contains("<h:body"), "rendered by the portal's Faces servlet: " + portalLogin.body());
    }

    @Test
    void theSignInPagesNameAnIconTheBrowserCanLoad() {
        // without one, every browser asks for /favicon.ico, which answers 404 and logs SRVE0190E once per session
        for (String page : List.of("/login.xhtml", "/user/login", "/user/forgot")) {
            HttpResponse<String> response = Http.get(ItConfig.adminUrl() + page);
            java.util.regex.Matcher icon = java.util.regex.Pattern.compile("<link rel=\"icon\"[^>]*href=\"([^\"]+)\"").matcher(response.body());
            assertTrue(icon.find(), page + " names its icon: " + response.body());
            HttpResponse<String> loaded = Http.get(ItConfig.adminUrl() + icon.group(1).replace("&amp;", "&"));
            assertEquals(200, loaded.statusCode(), page + "'s icon " + icon.group(1));
            assertEquals("image/svg+xml", loaded.headers().firstValue("Content-Type").orElse("").split(";")[0], page + "'s icon");
        }
    }

    @Test
    void eachPortServesOnlyItsOwnApplication() {
        HttpResponse<String> onAdmin = Http.get(ItConfig.adminUrl() + "/v1/models");
        assertFalse(onAdmin.body().contains("moe-orchestrator-code"), "the admin port does not serve the OpenAI API");
        assertEquals(404, Http.get(ItConfig.adminUrl() + "/api/v1/models", "Authorization", Http.bearer(ItConfig.apiKey())).statusCode());
        assertEquals(404, Http.get(ItConfig.toolsUrl() + "/v1/models").statusCode());
    }

    @Test
    void metricsArePrometheusTextForTheMetricsUser() throws Exception {
        String user = Admin.newUser();
        Admin.grant(user, "moe_mode", "moe_orchestrated");
        String key = Admin.newKey(user)[1];
        String series = "user_id=\"" + user + "\"";
        assertEquals(0, Metrics.sum(Metrics.text(), "moe_requests_total", series), "a new user has no requests yet");

        HttpResponse<String> chat = Http.post(ItConfig.orchestratorUrl() + "/v1/chat/completions", Json.createObjectBuilder()
                .add("model", "moe-orchestrator").add("messages", Json.createArrayBuilder().add(Json.createObjectBuilder()
                        .add("role", "user").add("content", "Say hello to the metrics test " + user.replaceAll("\\d", ""))))
                .build().toString(), "Authorization", Http.bearer(key));
        assertEquals(200, chat.statusCode(), chat.body());

        int[] status = new int[1];
        String body = Metrics.scrape("prometheus", System.getProperty("moe.it.metrics-password"), status);
        assertEquals(200, status[0], body);
        assertTrue(body.contains("# TYPE moe_requests_total counter"), "Prometheus exposition format");
        assertEquals(1, Metrics.sum(body, "moe_requests_total", series, "mode=\"default\""),
                "this request is counted once, for its user and mode");
        assertTrue(Metrics.sum(body, "moe_tokens_total", series) > 0, "and its tokens for its user");
    }

    @Test
    void metricsNeedTheMetricsCredential() throws Exception {
        HttpResponse<String> plain = Http.get(ItConfig.orchestratorUrl() + "/metrics");
        assertFalse(plain.statusCode() == 200 || plain.body().contains("# TYPE"), "not over plain HTTP without credentials: "
                + plain.statusCode());
        int[] status = new int[1];
        String anonymous = Metrics.scrape(null, null, status);
        assertEquals(401, status[0], anonymous);
        Metrics.scrape("prometheus", "not-the-password", status);
        assertEquals(401, status[0]);
        Metrics.scrape("admin", System.getProperty("moe.it.admin-password"), status);
        assertEquals(401, status[0], "an admin's password is no metrics credential");
    }
}
