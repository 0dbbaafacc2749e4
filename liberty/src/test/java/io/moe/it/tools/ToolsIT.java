package io.moe.it.tools;

import io.moe.it.Http;
import io.moe.it.ItConfig;
import io.moe.it.NodeTest;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The tool server over HTTP: open description routes, authenticated /invoke and MCP, admin switches. */
class ToolsIT {

    private static final String TOKEN = System.getProperty("moe.it.tools-token");
    private static final List<String> TOOLS = List.of("calculate", "solve_equation", "date_diff", "date_add", "day_of_week",
            "unit_convert", "statistics_calc", "hash_text", "base64_codec", "regex_extract", "subnet_calc", "text_analyze",
            "prime_factorize", "gcd_lcm", "json_query", "roman_numeral", "legal_search_laws", "legal_get_law_overview",
            "legal_get_paragraph", "legal_fulltext_search", "generate_file");

    static HttpResponse<String> invoke(String body, String credential) {
        return credential == null ? Http.post(ItConfig.toolsUrl() + "/invoke", body)
                : Http.post(ItConfig.toolsUrl() + "/invoke", body, "Authorization", Http.bearer(credential));
    }

    private static JsonObject error(HttpResponse<String> response) {
        return Http.object(response).getJsonObject("error");
    }

    @Test
    void healthListsTheTools() {
        HttpResponse<String> r = Http.get(ItConfig.toolsUrl() + "/health");
        assertEquals(200, r.statusCode(), r.body());
        JsonObject body = Http.object(r);
        assertEquals("ok", body.getString("status"));
        List<String> names = body.getJsonArray("tools").getValuesAs(jakarta.json.JsonString.class).stream().map(s -> s.getString()).toList();
        assertTrue(names.containsAll(TOOLS), names.toString());
    }

    @Test
    void toolsDescribeTheirArgumentsAsJsonSchema() {
        JsonObject body = Http.object(Http.get(ItConfig.toolsUrl() + "/tools"));
        for (JsonObject tool : body.getJsonArray("tools").getValuesAs(JsonObject.class)) {
            assertFalse(tool.getString("description").isBlank(), tool.toString());
            assertEquals("object", tool.getJsonObject("input_schema").getString("type"), tool.toString());
            assertTrue(tool.containsKey("enabled"));
        }
        JsonObject solve = body.getJsonArray("tools").getValuesAs(JsonObject.class).stream()
                .filter(t -> t.getString("name").equals("solve_equation")).findFirst().orElseThrow();
        assertTrue(solve.getJsonObject("input_schema").getJsonObject("properties").containsKey("var"));
    }

    @Test
    void invokeRunsAToolForTheServiceAndForAnAdminKey() {
        HttpResponse<String> r = invoke("{\"tool\":\"solve_equation\",\"args\":{\"equation\":\"x^2 - 5x + 6 = 0\"}}", TOKEN);
        assertEquals(200, r.statusCode(), r.body());
        assertEquals("[\"2\",\"3\"]", Http.object(r).getJsonObject("result").getJsonArray("solutions").toString());

        HttpResponse<String> byKey = invoke("{\"tool\":\"gcd_lcm\",\"args\":{\"a\":12,\"b\":18}}", ItConfig.apiKey());
        assertEquals(200, byKey.statusCode(), byKey.body());
        assertEquals(6, Http.object(byKey).getJsonObject("result").getInt("gcd"));
    }

    @Test
    void aMethodTheRouteDoesNotTakeIs405WithTheMethodsItTakes() {
        HttpResponse<String> r = Http.delete(ItConfig.toolsUrl() + "/tools");
        assertEquals(405, r.statusCode(), r.body());
        assertEquals("method_not_allowed", error(r).getString("error_code"));
        assertTrue(error(r).getString("message").startsWith("this route does not take that HTTP method; it takes "), r.body());
        assertTrue(r.headers().firstValue("Allow").orElse("").contains("GET"), "Allow: " + r.headers().map());
    }

    @Test
    void anAcceptTheRouteCannotAnswerIs406() {
        HttpResponse<String> r = Http.get(ItConfig.toolsUrl() + "/health", "Accept", "text/plain");
        assertEquals(406, r.statusCode(), r.body());
        assertEquals("not_acceptable", error(r).getString("error_code"));
    }

    @Test
    void invokeNeedsACredential() {
        HttpResponse<String> none = invoke("{\"tool\":\"gcd_lcm\",\"args\":{\"a\":1,\"b\":2}}", null);
        assertEquals(401, none.statusCode());
        assertEquals("missing_credentials", error(none).getString("error_code"));
        HttpResponse<String> wrong = invoke("{\"tool\":\"gcd_lcm\",\"args\":{\"a\":1,\"b\":2}}", "not-the-token");
        assertEquals(401, wrong.statusCode());
        assertEquals("invalid_credentials", error(wrong).getString("error_code"));
        assertEquals(401, Http.get(ItConfig.toolsUrl() + "/mcp/sse").statusCode());
    }

    @Test
    void badCallsGetAReasonNamingTheArgument() {
        HttpResponse<String> unknown = invoke("{\"tool\":\"teleport\",\"args\":{}}", TOKEN);
        assertEquals(404, unknown.statusCode());
        assertEquals("unknown_tool", error(unknown).getString("error_code"));

        HttpResponse<String> missing = invoke("{\"tool\":\"subnet_calc\",\"args\":{}}", TOKEN);
        assertEquals(400, missing.statusCode());
        assertEquals("missing_argument", error(missing).getString("error_code"));
        assertEquals("cidr", error(missing).getString("argument"));

        HttpResponse<String> invalid = invoke("{\"tool\":\"date_add\",\"args\":{\"date\":\"2024-13-01\",\"days\":1}}", TOKEN);
        assertEquals(400, invalid.statusCode());
        assertEquals("date", error(invalid).getString("argument"));
        assertTrue(error(invalid).getString("message").contains("YYYY-MM-DD"));

        HttpResponse<String> notJson = invoke("{\"tool\":", TOKEN);
        assertEquals(400, notJson.statusCode());
        assertEquals("invalid_json", error(notJson).getString("error_code"));

        HttpResponse<String> evil = invoke("{\"tool\":\"regex_extract\",\"args\":{\"text\":\"" + "a".repeat(40)
                + "!\",\"pattern\":\"((a+)+)+b\"}}", TOKEN);
        assertEquals(422, evil.statusCode());
        assertEquals("regex_timeout", error(evil).getString("error_code"));
    }

    @Test
    void anAdminCanDisableAndEnableATool() {
        String url = ItConfig.toolsUrl() + "/tools/base64_codec";
        assertEquals(403, Http.put(url, "{\"enabled\":false}", "Authorization", Http.bearer(TOKEN)).statusCode());
        assertEquals(400, Http.put(url, "{\"enabled\":\"no\"}", "Authorization", Http.bearer(ItConfig.apiKey())).statusCode());
        HttpResponse<String> off = Http.put(url, "{\"enabled\":false}", "Authorization", Http.bearer(ItConfig.apiKey()));
        assertEquals(200, off.statusCode(), off.body());
        try {
            HttpResponse<String> refused = invoke("{\"tool\":\"base64_codec\",\"args\":{\"data\":\"a\",\"mode\":\"encode\"}}", TOKEN);
            assertEquals(409, refused.statusCode());
            assertEquals("tool_disabled", error(refused).getString("error_code"));
        } finally {
            assertEquals(200, Http.put(url, "{\"enabled\":true}", "Authorization", Http.bearer(ItConfig.apiKey())).statusCode());
        }
        assertEquals(200, invoke("{\"tool\":\"base64_codec\",\"args\":{\"data\":\"a\",\"mode\":\"encode\"}}", TOKEN).statusCode());
    }

    @Test
    void legalToolsReadTheConfiguredMirror() {
        HttpResponse<String> r = invoke("{\"tool\":\"legal_get_paragraph\",\"args\":{\"law\":\"StGB\",\"paragraph\":\"§ 242\"}}", TOKEN);
        assertEquals(200, r.statusCode(), r.body());
        assertEquals("Diebstahl", Http.object(r).getJsonObject("result").getString("title"));
        HttpResponse<String> missing = invoke("{\"tool\":\"legal_get_law_overview\",\"args\":{\"law\":\"NOPE\"}}", TOKEN);
        assertEquals(404, missing.statusCode());
        assertEquals("law_not_found", error(missing).getString("error_code"));
    }

    @Test
    void aGeneratedPresentationCanBeDownloaded() {
        HttpResponse<String> r = invoke("{\"tool\":\"generate_file\",\"args\":{\"content\":\"## Eins\\n- a\\n## Zwei\\n- b\","
                + "\"format\":\"ppt\",\"filename\":\"../deck\"}}", TOKEN);
        assertEquals(200, r.statusCode(), r.body());
        JsonObject file = Http.object(r).getJsonObject("result");
        assertTrue(file.getString("filename").endsWith("-deck.pptx"), file.toString());
        HttpResponse<byte[]> download = Http.getBytes(ItConfig.toolsUrl() + file.getString("path"));
        assertEquals(200, download.statusCode());
        assertEquals("application/vnd.openxmlformats-officedocument.presentationml.presentation",
                download.headers().firstValue("Content-Type").orElse(""));
        assertEquals('P', download.body()[0]);
        assertEquals('K', download.body()[1]);
        assertEquals(file.getInt("size_bytes"), download.body().length);
        assertEquals(404, Http.get(ItConfig.toolsUrl() + "/downloads/0000000000000000-nothing.pptx").statusCode());
    }

    @Test
    void theMcpTypeScriptSdkListsAndCallsTools() throws Exception {
        NodeTest result = NodeTest.run("mcp.test.mjs");
        assertEquals(0, result.exitCode(), result.output());
        assertTrue(result.output().contains("# pass 1"), result.output());
    }
}
