package io.moe.it.identity;

import io.moe.it.Http;
import io.moe.it.ItConfig;
import io.moe.it.Poll;
import io.moe.it.chat.ChatCompletionsIT;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Users, keys, permissions and budgets take effect on the very next request. */
class IdentityIT {

    static HttpResponse<String> chat(String key, String model) {
        return Http.post(ChatCompletionsIT.URL, ChatCompletionsIT.request(model, io.moe.it.Phrases.random()), "Authorization", Http.bearer(key));
    }

    @Test
    void aRevokedKeyIsRefusedOnTheVeryNextRequest() {
        String user = Admin.newUser();
        Admin.grant(user, "moe_mode", "moe_orchestrated");
        String[] key = Admin.newKey(user);
        assertEquals(200, chat(key[1], "moe-orchestrator").statusCode());
        assertEquals(200, Admin.delete(Admin.USERS + "/" + user + "/keys/" + key[0]).statusCode());
        HttpResponse<String> refused = chat(key[1], "moe-orchestrator");
        assertEquals(401, refused.statusCode(), refused.body());
    }

    @Test
    void aDeactivatedUserIsRefused() {
        String user = Admin.newUser();
        Admin.grant(user, "moe_mode", "moe_orchestrated");
        String key = Admin.newKey(user)[1];
        assertEquals(200, chat(key, "moe-orchestrator").statusCode());
        HttpResponse<String> deleted = Admin.delete(Admin.USERS + "/" + user);
        assertEquals(0, Http.object(deleted).getInt("is_active"));
        assertEquals(401, chat(key, "moe-orchestrator").statusCode());
    }

    @Test
    void aRevokedModePermissionIsRefusedWith403() {
        String user = Admin.newUser();
        String key = Admin.newKey(user)[1];
        assertEquals(403, chat(key, "moe-orchestrator-plan").statusCode(), "default deny");
        String permission = Admin.grant(user, "moe_mode", "moe_reasoning");
        assertEquals(200, chat(key, "moe-orchestrator-plan").statusCode());
        assertEquals(204, Admin.delete(Admin.USERS + "/" + user + "/permissions/" + permission).statusCode());
        HttpResponse<String> refused = chat(key, "moe-orchestrator-plan");
        assertEquals(403, refused.statusCode());
        assertEquals("permission_denied", Http.object(refused).getJsonObject("error").getString("code"));
    }

    @Test
    void aDailyLimitBelowTheUseIs429AndCounted() {
        String user = Admin.newUser();
        Admin.grant(user, "moe_mode", "moe_orchestrated");
        String key = Admin.newKey(user)[1];
        assertEquals(200, chat(key, "moe-orchestrator").statusCode());
        double before = budgetExceeded(user);
        assertEquals(200, Admin.put(Admin.USERS + "/" + user + "/budget", "{\"daily_limit\":10}").statusCode());
        HttpResponse<String> refused = chat(key, "moe-orchestrator");
        assertEquals(429, refused.statusCode(), refused.body());
        assertEquals("budget_exceeded", Http.object(refused).getJsonObject("error").getString("code"));
        assertEquals("false", refused.headers().firstValue("x-should-retry").orElse(""),
                "the OpenAI SDKs would retry a 429 twice, counting the refusal three times");
        assertEquals(before + 1, budgetExceeded(user));
        JsonObject usage = pollUsage(user, 2);
        assertEquals(1, usage.getJsonObject("by_status").getJsonObject("budget_exceeded").getInt("requests"));
        assertTrue(usage.getJsonNumber("weighted_tokens").longValue() > 0, usage.toString());
        assertEquals(0, usage.getJsonNumber("display_price_per_token").bigDecimalValue().multiply(
                        usage.getJsonNumber("weighted_tokens").bigDecimalValue()).compareTo(usage.getJsonNumber("display_price").bigDecimalValue()),
                "the counted tokens at the display price, as the portal's bill shows them: " + usage);
        assertEquals(200, Admin.put(Admin.USERS + "/" + user + "/budget", "{\"daily_limit\":null}").statusCode());
        assertEquals(200, chat(key, "moe-orchestrator").statusCode(), "unlimited again");
    }

    @Test
    void anExpiredKeyIsRefused() {
        String user = Admin.newUser();
        Admin.grant(user, "moe_mode", "moe_orchestrated");
        // long enough for the first request on a loaded machine, short enough to see the key run out
        String expires = OffsetDateTime.now(ZoneOffset.UTC).plusSeconds(8).toString();
        JsonObject key = Http.object(Admin.post(Admin.USERS + "/" + user + "/keys", "{\"expires_at\":\"" + expires + "\"}"));
        assertEquals(200, chat(key.getString("key"), "moe-orchestrator").statusCode());
        String models = ItConfig.orchestratorUrl() + "/v1/models"; // the key's own check, without running the pipeline
        Poll.until(() -> Http.get(models, "Authorization", Http.bearer(key.getString("key"))).statusCode(), status -> status == 401,
                Duration.ofSeconds(60), "the key refused once it expired");
        HttpResponse<String> refused = chat(key.getString("key"), "moe-orchestrator");
        assertEquals(401, refused.statusCode(), refused.body());
    }

    @Test
    void usersReadTheirOwnUsageOnly() {
        String user = Admin.newUser();
        String other = Admin.newUser();
        Admin.grant(user, "moe_mode", "moe_orchestrated");
        String[] key0 = Admin.newKey(user);
        String key = key0[1];
        assertEquals(200, chat(key, "moe-orchestrator").statusCode());
        JsonObject row = pollUsage(user, 1).getJsonArray("recent").getJsonObject(0);
        assertEquals(user, row.getString("user_id"), row.toString());
        assertEquals(key0[0], row.getString("api_key_id"), row.toString());
        assertEquals(200, Http.get(Admin.USERS + "/" + user + "/usage", "Authorization", Http.bearer(key)).statusCode());
        assertEquals(403, Http.get(Admin.USERS + "/" + other + "/usage", "Authorization", Http.bearer(key)).statusCode());
        assertEquals(403, Http.get(Admin.USERS, "Authorization", Http.bearer(key)).statusCode());
        assertEquals(401, Http.get(Admin.USERS).statusCode());
        JsonObject details = Http.object(Admin.get(Admin.USERS + "/" + user));
        assertEquals(1, details.getJsonArray("keys").size());
        assertFalse(details.toString().contains("key_hash"), "hashes never leave the server");
        assertFalse(details.toString().contains("hashed_password"));
    }

    @Test
    void aMethodTheRouteDoesNotTakeIs405NamingTheOnesItTakes() {
        String user = Admin.newUser();
        HttpResponse<String> refused = Admin.post(Admin.USERS + "/" + user, "{}");
        assertEquals(405, refused.statusCode(), refused.body());
        JsonObject problem = Http.object(refused);
        assertEquals("method_not_allowed", problem.getString("code"));
        assertTrue(problem.getString("detail").matches("this route does not take that HTTP method; it takes .*PUT.*"), problem.toString());
        assertFalse(problem.getString("detail").contains("RESTEASY"), "no framework message: " + problem);
        String allow = refused.headers().firstValue("Allow").orElse("");
        assertTrue(allow.contains("GET") && allow.contains("PUT") && allow.contains("DELETE"), "Allow: " + allow);
    }

    @Test
    void badInputIsA4xxAndLeavesNoRows() {
        String user = Admin.newUser();
        String name = Http.object(Admin.get(Admin.USERS + "/" + user)).getString("username");
        HttpResponse<String> duplicate = Admin.post(Admin.USERS, "{\"username\":\"" + name
                + "\",\"email\":\"fresh-" + name + "@example.org\",\"password\":\"a-long-password-1\"}");
        assertEquals(409, duplicate.statusCode());
        assertEquals("username", Http.object(duplicate).getString("field"));
        HttpResponse<String> duplicateEmail = Admin.post(Admin.USERS, "{\"username\":\"x" + name
                + "\",\"email\":\"" + name.toUpperCase() + "@example.org\",\"password\":\"a-long-password-1\"}");
        assertEquals(409, duplicateEmail.statusCode());
        assertFalse(Admin.get(Admin.USERS).body().contains("\"x" + name + "\""), "no partial user");

        assertEquals(400, Admin.post(Admin.USERS, "{\"username\":\"ok-name\",\"email\":\"not-an-email\",\"password\":\"a-long-password-1\"}").statusCode());
        assertEquals(400, Admin.post(Admin.USERS, "{\"username\":5}").statusCode());
        assertEquals(400, Admin.post(Admin.USERS, "{not json").statusCode());
        assertEquals(400, Admin.post(Admin.USERS, "{\"username\":\"short-pw\",\"email\":\"s@example.org\",\"password\":\"x\"}").statusCode());
        assertFalse(Admin.get(Admin.USERS).body().contains("\"short-pw\""));

        assertEquals(404, Admin.get(Admin.USERS + "/0000").statusCode());
        assertEquals(404, Admin.delete(Admin.USERS + "/" + user + "/keys/nope").statusCode());
        assertEquals(404, Admin.delete(Admin.USERS + "/" + user + "/permissions/nope").statusCode());
        for (String bad : new String[]{"{\"resource_type\":\"moe_mode\",\"resource_id\":\"turbo\"}",
                "{\"resource_type\":\"expert_template\",\"resource_id\":\"default\"}",
                "{\"resource_type\":\"model_endpoint\",\"resource_id\":\"qwen\"}",
                "{\"resource_type\":\"model_endpoint\",\"resource_id\":\" qwen2.5:14b@gpu1 \"}",
                "{\"resource_type\":\"model_endpoint\",\"resource_id\":\"m@local\\u0000\"}",
                "{\"resource_type\":\"skill\",\"resource_id\":\"" + "s".repeat(65) + "\"}",
                "{\"resource_type\":\"expert_template\",\"resource_id\":\"tmpl-nosuchtemplate\"}",
                "{\"resource_type\":\"cc_profile\",\"resource_id\":\"profile-nosuchprofile\"}",
                "{\"resource_type\":\"root\",\"resource_id\":\"x\"}"}) {
            HttpResponse<String> r = Admin.post(Admin.USERS + "/" + user + "/permissions", bad);
            assertEquals(400, r.statusCode(), bad);
        }
        assertEquals(0, Http.object(Admin.get(Admin.USERS + "/" + user + "/permissions")).getJsonArray("permissions").size());
        assertEquals(400, Admin.put(Admin.USERS + "/" + user + "/budget", "{\"daily_limit\":-1}").statusCode());
        assertEquals(400, Admin.put(Admin.USERS + "/" + user + "/budget", "{\"monthly_limit\":\"lots\"}").statusCode());
        assertEquals(400, Admin.post(Admin.USERS + "/" + user + "/keys", "{\"expires_at\":\"2001-01-01T00:00:00Z\"}").statusCode());
        HttpResponse<String> misspelt = Admin.post(Admin.USERS + "/" + user + "/keys", "{\"expires\":\"2099-01-01T00:00:00Z\"}");
        assertEquals(400, misspelt.statusCode(), "not a key that never expires: " + misspelt.body());
        assertTrue(misspelt.body().contains("unknown field 'expires'") && misspelt.body().contains("expires_at"), misspelt.body());
        assertEquals(400, Admin.put(Admin.USERS + "/" + user + "/budget", "{\"dailyLimit\":1000}").statusCode(),
                "a misspelt limit does not lift every limit");
        assertEquals(0, Http.object(Admin.get(Admin.USERS + "/" + user + "/keys")).getJsonArray("keys").size());
        HttpResponse<String> lastDay = Admin.post(Admin.USERS + "/" + user + "/keys", "{\"expires_at\":\"2099-01-31\"}");
        assertEquals(201, lastDay.statusCode(), "a plain ISO-8601 day, as the admin page and the portal take it: " + lastDay.body());
        assertTrue(lastDay.body().contains("2099-02-01T00:00"), "it works through its last day: " + lastDay.body());
    }

    @Test
    void readingABudgetNeverSetWritesNothingAndSettingItStoresIt() throws Exception {
        String user = Admin.newUser();
        try (java.sql.Connection c = java.sql.DriverManager.getConnection(ItConfig.dbUrl(), "moe", "moe");
             java.sql.PreparedStatement delete = c.prepareStatement("DELETE FROM token_budget WHERE user_id = ?")) {
            delete.setString(1, user); // an account from before budgets were stored with it
            delete.executeUpdate();
        }
        JsonObject read = Http.object(Admin.get(Admin.USERS + "/" + user)).getJsonObject("budget");
        assertTrue(read.isNull("daily_limit") && read.isNull("total_limit"), "unlimited: " + read);
        assertEquals(0, budgetRows(user), "a read writes no row (two reads at once cannot clash on inserting it)");

        assertEquals(200, Admin.put(Admin.USERS + "/" + user + "/budget", "{\"daily_limit\":1000}").statusCode());
        assertEquals(1, budgetRows(user));
        assertEquals(1000, Http.object(Admin.get(Admin.USERS + "/" + user)).getJsonObject("budget").getInt("daily_limit"));
    }

    private static int budgetRows(String user) throws java.sql.SQLException {
        try (java.sql.Connection c = java.sql.DriverManager.getConnection(ItConfig.dbUrl(), "moe", "moe");
             java.sql.PreparedStatement count = c.prepareStatement("SELECT count(*) FROM token_budget WHERE user_id = ?")) {
            count.setString(1, user);
            try (java.sql.ResultSet r = count.executeQuery()) {
                r.next();
                return r.getInt(1);
            }
        }
    }

    @Test
    void anAdminGivesOneUserAtMostFiftyUsableKeysAndFiveHundredGrants() {
        String user = Admin.newUser();
        String keys = Admin.USERS + "/" + user + "/keys";
        String firstKey = Admin.newKey(user)[0];
        for (int i = 1; i < 50; i++) {
            assertEquals(201, Admin.post(keys, "{\"label\":\"k" + i + "\"}").statusCode(), "key " + (i + 1));
        }
        HttpResponse<String> tooMany = Admin.post(keys, "{\"label\":\"one more\"}");
        assertEquals(409, tooMany.statusCode(), tooMany.body());
        assertEquals("too_many_keys", Http.object(tooMany).getString("code"), tooMany.body());
        assertTrue(tooMany.body().contains("revoke one first"), tooMany.body());
        assertEquals(50, Http.object(Admin.get(keys)).getJsonArray("keys").size(), "nothing written by the refusal");
        assertEquals(200, Admin.delete(keys + "/" + firstKey).statusCode());
        assertEquals(201, Admin.post(keys, "{\"label\":\"after a revocation\"}").statusCode());

        String permissions = Admin.USERS + "/" + user + "/permissions";
        for (int i = 0; i < 500; i++) {
            Admin.grant(user, "model_endpoint", "m" + i + "@gpu1");
        }
        HttpResponse<String> again = Admin.post(permissions, "{\"resource_type\":\"model_endpoint\",\"resource_id\":\"m7@gpu1\"}");
        assertEquals(201, again.statusCode(), "granting a held grant returns it, bound or not: " + again.body());
        HttpResponse<String> oneMore = Admin.post(permissions, "{\"resource_type\":\"model_endpoint\",\"resource_id\":\"m500@gpu1\"}");
        assertEquals(409, oneMore.statusCode(), oneMore.body());
        assertEquals("too_many_permissions", Http.object(oneMore).getString("code"), oneMore.body());
        assertEquals(500, Http.object(Admin.get(permissions)).getJsonArray("permissions").size());
    }

    @Test
    void aUserKeepsTheNewestTwoHundredRevokedKeysAndNoMore() {
        String user = Admin.newUser();
        String keys = Admin.USERS + "/" + user + "/keys";
        String first = null;
        for (int i = 0; i < 202; i++) {
            String id = Admin.newKey(user)[0];
            first = first == null ? id : first;
            assertEquals(200, Admin.delete(keys + "/" + id).statusCode());
        }
        String usable = Admin.newKey(user)[0];

        var listed = Http.object(Admin.get(keys)).getJsonArray("keys").getValuesAs(JsonObject.class);
        assertEquals(201, listed.size(), "the new key and the newest 200 revoked ones");
        String firstId = first;
        assertTrue(listed.stream().noneMatch(k -> k.getString("id").equals(firstId)), "the oldest revoked key is gone");
        assertEquals(1, listed.stream().filter(k -> k.getInt("is_active") == 1).count());
        assertEquals(usable, listed.stream().filter(k -> k.getInt("is_active") == 1).findFirst().orElseThrow().getString("id"));
    }

    @Test
    void theUserListPagesOldestFirstAndSaysHowManyThereAre() {
        Admin.newUser();
        Admin.newUser();
        JsonObject whole = Http.object(Admin.get(Admin.USERS));
        int total = whole.getInt("total");
        assertEquals(total, whole.getJsonArray("users").size(), "fewer than 1,000 users: one page holds them all");
        assertEquals(1000, whole.getInt("limit"));
        JsonObject first = Http.object(Admin.get(Admin.USERS + "?limit=2"));
        JsonObject second = Http.object(Admin.get(Admin.USERS + "?offset=2&limit=2"));
        assertEquals(whole.getJsonArray("users").subList(0, 2), first.getJsonArray("users"));
        assertEquals(whole.getJsonArray("users").subList(2, 4), second.getJsonArray("users"));
        assertEquals(1, Http.object(Admin.get(Admin.USERS + "?offset=" + (total - 1))).getJsonArray("users").size());
        assertEquals(0, Http.object(Admin.get(Admin.USERS + "?offset=" + total)).getJsonArray("users").size());
        for (String bad : new String[]{"limit=0", "limit=1001", "limit=x", "offset=-1", "offset=9999999999", "offset=2147483647"}) {
            HttpResponse<String> r = Admin.get(Admin.USERS + "?" + bad);
            assertEquals(400, r.statusCode(), bad + ": " + r.body());
            assertEquals(bad.substring(0, bad.indexOf('=')), Http.object(r).getString("field"), r.body());
        }
    }

    @Test
    void theSystemAccountCannotBeActivatedNorGivenKeysGrantsOrABudget() {
        String system = "00000000000000000000000000000001"; // moe-system, made by migration V4
        HttpResponse<String> activated = Admin.put(Admin.USERS + "/" + system, "{\"is_active\":true,\"is_admin\":true,"
                + "\"password\":\"a-long-password-1\"}");
        assertEquals(409, activated.statusCode(), activated.body());
        assertEquals("system_account", Http.object(activated).getString("code"), activated.body());
        assertEquals(409, Admin.post(Admin.USERS + "/" + system + "/keys", "{}").statusCode(), "no key");
        assertEquals(409, Admin.post(Admin.USERS + "/" + system + "/permissions",
                "{\"resource_type\":\"moe_mode\",\"resource_id\":\"moe_orchestrated\"}").statusCode(), "no grant");
        assertEquals(409, Admin.put(Admin.USERS + "/" + system + "/budget", "{\"daily_limit\":5}").statusCode(), "no budget");
    }

    static double budgetExceeded(String user) {
        String metrics = io.moe.it.Metrics.text();
        Matcher m = Pattern.compile("moe_budget_exceeded_total\\{limit_type=\"daily\",mp_scope=\"application\",user_id=\""
                + user + "\",?} ([0-9.]+)").matcher(metrics);
        return m.find() ? Double.parseDouble(m.group(1)) : 0;
    }

    /** The usage summary once at least {@code rows} rows are written (they are written off the request thread). */
    public static JsonObject pollUsage(String user, int rows) {
        Instant deadline = Instant.now().plusSeconds(30);
        JsonObject usage = Admin.usage(user);
        while (usage.getInt("requests") < rows && Instant.now().isBefore(deadline)) {
            usage = Admin.usage(user);
        }
        assertTrue(usage.getInt("requests") >= rows, usage.toString());
        return usage;
    }
}
