package io.moe.it.limits;

import io.moe.it.Http;
import io.moe.it.ItConfig;
import io.moe.it.identity.Admin;
import io.moe.benchmark.HostileBodies;
import io.moe.benchmark.HostileBodies.Kind;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * 5,000 generated hostile bodies across every JSON endpoint of the three ports, sent with credentials that
 * pass authentication: each must get a 4xx (never a 5xx, never a 2xx), and afterwards nothing has changed.
 */
class FuzzIT {

    static final int BODIES = 5000;
    static final long SEED = 20261123L;

    /** One JSON endpoint: where, with which key, a valid body, and the fields that break it. */
    record Target(String method, String url, String key, JsonObject valid, Map<String, Kind> breakable, boolean removable) {
    }

    @Test
    void fiveThousandHostileBodiesAreRefusedWithA4xxAndChangeNothing() throws Exception {
        String[] user = Callers.newUser();
        String admin = ItConfig.apiKey();
        List<Target> targets = targets(user[0], user[1], admin);
        Map<String, String> before = state(user[0]);

        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
        HostileBodies bodies = new HostileBodies(SEED);
        List<String> wrong = new ArrayList<>();
        for (int i = 0; i < BODIES; i++) {
            Target target = targets.get(i % targets.size());
            byte[] body = bodies.next(target.valid(), target.breakable(), target.removable());
            HttpResponse<String> response = send(client, target, body);
            if (response.statusCode() < 400 || response.statusCode() >= 500) {
                wrong.add("#" + i + " " + target.method() + " " + target.url() + " -> " + response.statusCode() + " "
                        + abbreviate(response.body()) + " for body " + abbreviate(new String(body, java.nio.charset.StandardCharsets.UTF_8)));
            }
        }
        assertEquals(List.of(), wrong.subList(0, Math.min(20, wrong.size())), wrong.size() + " bodies were not refused with a 4xx (seed " + SEED + ")");
        assertEquals(before, state(user[0]), "no hostile body changed anything");
    }

    private static List<Target> targets(String userId, String userKey, String adminKey) {
        String users = Admin.USERS;
        String tools = ItConfig.toolsUrl();
        String chat = ItConfig.orchestratorUrl();
        return List.of(
                new Target("POST", chat + "/v1/chat/completions", userKey, Json.createObjectBuilder().add("model", "moe-orchestrator")
                        .add("messages", Json.createArrayBuilder().add(Json.createObjectBuilder().add("role", "user").add("content", "hi")))
                        .build(), Map.of("model", Kind.STRING, "messages", Kind.STRING), true),
                new Target("POST", chat + "/v1/feedback", userKey, Json.createObjectBuilder().add("response_id", "chatcmpl-none")
                        .add("rating", 5).build(), Map.of("response_id", Kind.STRING, "rating", Kind.COUNT), true),
                new Target("POST", users, adminKey, Json.createObjectBuilder().add("username", "fuzzed")
                        .add("email", "fuzzed@example.org").add("password", "a-long-password-1").build(),
                        Map.of("username", Kind.STRING, "email", Kind.STRING, "password", Kind.STRING), true),
                new Target("PUT", users + "/" + userId, adminKey, Json.createObjectBuilder().add("display_name", "Fuzz")
                        .add("is_admin", false).build(), Map.of("email", Kind.STRING, "password", Kind.STRING, "display_name", Kind.STRING,
                        "is_admin", Kind.BOOLEAN, "is_active", Kind.BOOLEAN), false),
                new Target("PUT", users + "/" + userId + "/budget", adminKey, Json.createObjectBuilder().add("daily_limit", 100).build(),
                        Map.of("daily_limit", Kind.COUNT, "monthly_limit", Kind.COUNT, "total_limit", Kind.COUNT), false),
                new Target("POST", users + "/" + userId + "/permissions", adminKey, Json.createObjectBuilder()
                        .add("resource_type", "mcp_tool").add("resource_id", "hash_text").build(),
                        Map.of("resource_type", Kind.STRING, "resource_id", Kind.STRING), true),
                new Target("POST", users + "/" + userId + "/keys", adminKey, Json.createObjectBuilder().add("label", "fuzz").build(),
                        Map.of("label", Kind.STRING, "expires_at", Kind.STRING), false),
                new Target("POST", tools + "/invoke", adminKey, Json.createObjectBuilder().add("tool", "hash_text")
                        .add("args", Json.createObjectBuilder().add("text", "x")).build(), Map.of("tool", Kind.STRING, "args", Kind.COUNT), true),
                new Target("PUT", tools + "/tools/hash_text", adminKey, Json.createObjectBuilder().add("enabled", true).build(),
                        Map.of("enabled", Kind.BOOLEAN), true));
    }

    /** What a hostile body could have changed: row counts, the target user as the API shows it, the tool settings. */
    private static Map<String, String> state(String userId) throws SQLException {
        Map<String, String> state = new LinkedHashMap<>();
        try (Connection c = DriverManager.getConnection(ItConfig.dbUrl(), "moe", "moe")) {
            state.put("users", count(c, "SELECT count(*) FROM users", null));
            for (String table : List.of("api_key", "permission", "token_budget", "usage_log")) {
                state.put(table, count(c, "SELECT count(*) FROM " + table + " WHERE user_id = ?", userId));
            }
        }
        JsonObject user = Http.object(Admin.get(Admin.USERS + "/" + userId));
        // the fuzz user's key is used by the chat and feedback targets: when it was last used may change
        state.put("user", Json.createObjectBuilder(user).remove("usage").build().toString()
                .replaceAll("\"last_used_at\":(null|\"[^\"]*\")", "\"last_used_at\":…"));
        state.put("tools", Http.get(ItConfig.toolsUrl() + "/tools").body());
        return state;
    }

    private static String count(Connection c, String sql, String userId) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(sql)) {
            if (userId != null) {
                s.setString(1, userId);
            }
            try (ResultSet r = s.executeQuery()) {
                r.next();
                return r.getString(1);
            }
        }
    }

    private static HttpResponse<String> send(HttpClient client, Target target, byte[] body) throws IOException, InterruptedException {
        return client.send(HttpRequest.newBuilder(URI.create(target.url())).timeout(Duration.ofSeconds(60))
                .header("Authorization", "Bearer " + target.key()).header("Content-Type", "application/json")
                .method(target.method(), HttpRequest.BodyPublishers.ofByteArray(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String abbreviate(String text) {
        return text.length() <= 300 ? text : text.substring(0, 300) + "…";
    }
}
