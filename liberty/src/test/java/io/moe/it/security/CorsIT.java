package io.moe.it.security;

import io.moe.it.Http;
import io.moe.it.ItConfig;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A chat front-end served from another origin calls the API from the browser: the test server allows the origin
 * {@code https://chat.example.org} ({@code moe.cors.allowed-origins}). Its preflight is answered with what the
 * browser asks for, its answers carry the origin, and any other origin, or the admin port, gets no CORS headers,
 * so the browser keeps the answer from that page.
 */
class CorsIT {

    private static final String ALLOWED = "https://chat.example.org";
    private static final String CHAT = ItConfig.orchestratorUrl() + "/v1/chat/completions";

    @Test
    void theAllowedOriginsPreflightIsAnsweredWithTheHeadersItsSdkSends() {
        HttpResponse<String> preflight = Http.options(CHAT, "Origin", ALLOWED, "Access-Control-Request-Method", "POST",
                "Access-Control-Request-Headers", "authorization, content-type, x-stainless-os");
        assertEquals(200, preflight.statusCode(), preflight.body());
        assertEquals(Optional.of(ALLOWED), preflight.headers().firstValue("Access-Control-Allow-Origin"));
        assertTrue(preflight.headers().firstValue("Access-Control-Allow-Methods").orElse("").contains("POST"), preflight.headers().toString());
        String headers = preflight.headers().firstValue("Access-Control-Allow-Headers").orElse("").toLowerCase();
        assertTrue(headers.contains("authorization") && headers.contains("x-stainless-os"), "the requested headers are allowed: " + headers);

        HttpResponse<String> messages = Http.options(ItConfig.orchestratorUrl() + "/v1/messages", "Origin", ALLOWED,
                "Access-Control-Request-Method", "POST", "Access-Control-Request-Headers", "x-api-key, anthropic-version, content-type");
        assertEquals(Optional.of(ALLOWED), messages.headers().firstValue("Access-Control-Allow-Origin"), "the messages API too");
    }

    @Test
    void theAllowedOriginsRequestsAndRefusalsCarryTheOriginAndExposeRetryAfter() {
        HttpResponse<String> models = Http.get(ItConfig.orchestratorUrl() + "/v1/models", "Origin", ALLOWED);
        assertEquals(200, models.statusCode());
        assertEquals(Optional.of(ALLOWED), models.headers().firstValue("Access-Control-Allow-Origin"));

        HttpResponse<String> refused = Http.post(CHAT, "{\"model\":\"moe-orchestrator\",\"messages\":[]}", "Origin", ALLOWED,
                "Authorization", Http.bearer(ItConfig.apiKey()));
        assertEquals(400, refused.statusCode(), refused.body());
        assertEquals(Optional.of(ALLOWED), refused.headers().firstValue("Access-Control-Allow-Origin"), "a page can read why it was refused");
        assertTrue(refused.headers().firstValue("Access-Control-Expose-Headers").orElse("").contains("Retry-After"), refused.headers().toString());
    }

    @Test
    void anotherOriginAndTheAdminPortGetNoCorsHeaders() {
        HttpResponse<String> preflight = Http.options(CHAT, "Origin", "https://elsewhere.example.org", "Access-Control-Request-Method", "POST",
                "Access-Control-Request-Headers", "authorization, content-type");
        assertEquals(Optional.empty(), preflight.headers().firstValue("Access-Control-Allow-Origin"), preflight.headers().toString());
        HttpResponse<String> models = Http.get(ItConfig.orchestratorUrl() + "/v1/models", "Origin", "https://elsewhere.example.org");
        assertEquals(Optional.empty(), models.headers().firstValue("Access-Control-Allow-Origin"));

        HttpResponse<String> admin = Http.options(ItConfig.adminUrl() + "/api/users", "Origin", ALLOWED, "Access-Control-Request-Method", "GET",
                "Access-Control-Request-Headers", "authorization");
        assertEquals(Optional.empty(), admin.headers().firstValue("Access-Control-Allow-Origin"), "only the API under /v1: " + admin.headers());
    }
}
