package io.moe.it.limits;

import io.moe.it.Http;
import io.moe.it.ItConfig;
import io.moe.it.identity.Admin;
import jakarta.json.Json;
import jakarta.json.JsonObject;

import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.UUID;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** Plain users with their own key, the chat route, and their usage as the admin API reports it. */
final class Callers {

    static final String CHAT = ItConfig.orchestratorUrl() + "/v1/chat/completions";

    private Callers() {
    }

    /** A new non-admin user allowed the orchestrated modes: [user id, raw key]. */
    static String[] newUser() {
        String user = Admin.newUser();
        Admin.grant(user, "moe_mode", "moe_orchestrated");
        return new String[]{user, Admin.newKey(user)[1]};
    }

    /** A unique word of letters only, so that neither the planner nor the cache mistakes one test for another. */
    static String marker() {
        return "mk" + (UUID.randomUUID() + "" + UUID.randomUUID()).replaceAll("[^a-f]", "") + "x";
    }

    static String body(String text) {
        return Json.createObjectBuilder().add("model", "moe-orchestrator")
                .add("messages", Json.createArrayBuilder().add(Json.createObjectBuilder().add("role", "user").add("content", text)))
                .build().toString();
    }

    static HttpResponse<String> chat(String key, String body) {
        return Http.post(CHAT, body, "Authorization", Http.bearer(key), "Content-Type", "application/json");
    }

    static String errorCode(HttpResponse<String> response) {
        return Http.object(response).getJsonObject("error").getString("code");
    }

    /** The user's usage, polled (up to 30 s) until {@code done} holds; fails with the last answer otherwise. */
    static JsonObject usageWhen(String user, Predicate<JsonObject> done) {
        Instant deadline = Instant.now().plusSeconds(30);
        JsonObject usage = Admin.usage(user);
        while (!done.test(usage) && Instant.now().isBefore(deadline)) {
            usage = Admin.usage(user);
        }
        assertTrue(done.test(usage), usage.toString());
        return usage;
    }

    /** A simulator rule that applies to calls whose user text contains {@code marker}. */
    static JsonObject rule(String marker, String role, JsonObject action) {
        var match = Json.createObjectBuilder().add("contains", marker);
        if (role != null) {
            match.add("role", role);
        }
        return Json.createObjectBuilder().add("match", match).add("action", action).build();
    }
}
