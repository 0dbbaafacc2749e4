package io.moe.it.tools;

import io.moe.it.Http;
import io.moe.it.ItConfig;
import io.moe.it.identity.Admin;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The tool server's limits as a client meets them. The test server runs with small MCP and download
 * limits (liberty/src/test/liberty/it-tools.xml): 3 sessions and 3 files per user, 6 s idle timeout,
 * a ping every second.
 */
class ToolLimitsIT {

    private static final String TOKEN = System.getProperty("moe.it.tools-token");
    private static final int SESSIONS_PER_USER = 3;
    private static final HttpClient SSE = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    private static JsonObject error(HttpResponse<String> response) {
        return Http.object(response).getJsonObject("error");
    }

    /** A user of its own with a fresh key; returns the raw key. */
    private static String newUserKey(String... tools) {
        String user = Admin.newUser();
        for (String tool : tools) {
            Admin.grant(user, "mcp_tool", tool);
        }
        return Admin.newKey(user)[1];
    }

    /** An open /mcp/sse stream: its response, and the session id of its endpoint event (null when refused). */
    private record Stream(HttpResponse<InputStream> response, BufferedReader lines, String sessionId) implements AutoCloseable {

        static Stream open(String key) throws Exception {
            HttpResponse<InputStream> r = SSE.send(HttpRequest.newBuilder(URI.create(ItConfig.toolsUrl() + "/mcp/sse"))
                    .header("Authorization", Http.bearer(key)).header("Accept", "text/event-stream").GET().build(),
                    HttpResponse.BodyHandlers.ofInputStream());
            BufferedReader lines = new BufferedReader(new InputStreamReader(r.body(), StandardCharsets.UTF_8));
            if (r.statusCode() != 200) {
                return new Stream(r, lines, null);
            }
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                if (line.startsWith("data:") && line.contains("sessionId=")) {
                    return new Stream(r, lines, line.substring(line.indexOf("sessionId=") + "sessionId=".length()).trim());
                }
            }
            throw new IllegalStateException("the stream ended before its endpoint event");
        }

        String body() throws IOException {
            return new String(response.body().readAllBytes(), StandardCharsets.UTF_8);
        }

        @Override
        public void close() throws IOException {
            response.body().close();
        }
    }

    @Test
    void aRegexWhoseGroupsRepeatTheTextIsRefusedAsTooLarge() {
        String body = Json.createObjectBuilder().add("tool", "regex_extract").add("args", Json.createObjectBuilder()
                .add("text", "a".repeat(20_000)).add("pattern", "(?=(.*))").add("flags", "s")).build().toString();
        HttpResponse<String> r = ToolsIT.invoke(body, TOKEN);
        assertEquals(422, r.statusCode(), r.body().length() > 500 ? r.body().substring(0, 500) : r.body());
        assertEquals("result_too_large", error(r).getString("error_code"));
    }

    @Test
    void aRegexThatWouldRecurseTooDeepIsRefusedAs422AndTheToolGoesOn() {
        String body = Json.createObjectBuilder().add("tool", "regex_extract").add("args", Json.createObjectBuilder()
                .add("text", "a".repeat(100_000)).add("pattern", "(a|b)*")).build().toString();
        HttpResponse<String> r = ToolsIT.invoke(body, TOKEN);
        assertEquals(422, r.statusCode(), r.body());
        assertEquals("input_too_complex", error(r).getString("error_code"));
        String small = Json.createObjectBuilder().add("tool", "regex_extract").add("args", Json.createObjectBuilder()
                .add("text", "a".repeat(100)).add("pattern", "(a|b)*")).build().toString();
        HttpResponse<String> next = ToolsIT.invoke(small, TOKEN);
        assertEquals(200, next.statusCode(), next.body());
    }

    @Test
    void aBodyOverTheLimitIsRefusedWith413() {
        String huge = "{\"tool\":\"hash_text\",\"args\":{\"text\":\"" + "a".repeat(2_100_000) + "\"}}";
        HttpResponse<String> r = ToolsIT.invoke(huge, TOKEN);
        assertEquals(413, r.statusCode(), r.body());
        assertEquals("input_too_large", error(r).getString("error_code"));
    }

    @Test
    void anMcpMessageOverTheLimitIsRefusedEvenWithoutAContentLength() throws Exception {
        try (Stream stream = Stream.open(TOKEN)) {
            byte[] huge = ("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"pad\":\"" + "a".repeat(2_100_000) + "\"}}")
                    .getBytes(StandardCharsets.UTF_8);
            HttpResponse<String> r = SSE.send(HttpRequest.newBuilder(URI.create(ItConfig.toolsUrl() + "/mcp/messages?sessionId=" + stream.sessionId()))
                    .header("Authorization", Http.bearer(TOKEN)).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(huge))).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(413, r.statusCode(), r.body());
            assertEquals("input_too_large", error(r).getString("error_code"));
        }
    }

    @Test
    void aUserCannotOpenMoreMcpSessionsThanTheCapWhileAnotherUserStillCan() throws Exception {
        String key = newUserKey();
        List<Stream> open = new ArrayList<>();
        try {
            for (int i = 0; i < SESSIONS_PER_USER; i++) {
                open.add(Stream.open(key));
                assertEquals(200, open.get(i).response().statusCode());
            }
            try (Stream refused = Stream.open(key)) {
                assertEquals(429, refused.response().statusCode());
                assertTrue(refused.body().contains("too_many_user_sessions"));
            }
            try (Stream other = Stream.open(newUserKey())) {
                assertEquals(200, other.response().statusCode());
            }
        } finally {
            for (Stream s : open) {
                s.close();
            }
        }
    }

    @Test
    void sessionsWhoseClientsWentAwayAreReapedAndTheirSlotsFreed() throws Exception {
        String key = newUserKey();
        List<Stream> dropped = new ArrayList<>();
        for (int i = 0; i < SESSIONS_PER_USER; i++) {
            dropped.add(Stream.open(key));
        }
        try (Stream full = Stream.open(key)) {
            assertEquals(429, full.response().statusCode(), "the cap is reached while the streams are open");
        }
        for (Stream s : dropped) {
            s.close(); // the client drops the stream without a word
        }
        Instant deadline = Instant.now().plusSeconds(60);
        int status = 0;
        while (Instant.now().isBefore(deadline)) {
            try (Stream again = Stream.open(key)) {
                status = again.response().statusCode();
                if (status == 200) {
                    break;
                }
            }
            Thread.sleep(250); // poll interval
        }
        assertEquals(200, status, "a dropped session still holds its slot");
    }

    @Test
    void anIdleSessionIsClosedByTheServer() throws Exception {
        try (Stream stream = Stream.open(newUserKey())) {
            assertEquals(200, stream.response().statusCode());
            String last = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
                String line = stream.lines().readLine();
                while (line != null) {
                    line = stream.lines().readLine(); // keep-alive comments arrive every second until the end
                }
                return line;
            }, "the idle stream was still open after 60 s");
            assertNull(last);
            HttpResponse<String> late = Http.post(ItConfig.toolsUrl() + "/mcp/messages?sessionId=" + stream.sessionId(),
                    "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}", "Authorization", Http.bearer(TOKEN));
            assertEquals(404, late.statusCode(), late.body());
        }
    }

    @Test
    void aGrantRevokedWhileAnMcpStreamIsOpenCountsForItsNextMessage() throws Exception {
        String user = Admin.newUser();
        String permission = Admin.grant(user, "mcp_tool", "hash_text");
        String key = Admin.newKey(user)[1];
        String call = "{\"jsonrpc\":\"2.0\",\"id\":%d,\"method\":\"tools/call\",\"params\":{\"name\":\"hash_text\",\"arguments\":{\"text\":\"x\"}}}";
        try (Stream stream = Stream.open(key)) {
            assertEquals(202, message(stream, key, call.formatted(1)).statusCode());
            assertFalse(reply(stream, 1).getJsonObject("result").getBoolean("isError"), "granted: the tool answers");

            assertEquals(204, Admin.delete(Admin.USERS + "/" + user + "/permissions/" + permission).statusCode());
            assertEquals(202, message(stream, key, call.formatted(2)).statusCode());
            JsonObject refused = reply(stream, 2).getJsonObject("result");
            assertTrue(refused.getBoolean("isError"), "the stream's session kept the revoked grant: " + refused);
            assertTrue(refused.toString().contains("tool_not_permitted"), refused.toString());
        }
    }

    @Test
    void anMcpMessageThatIsNotJsonGetsAnErrorBody() throws Exception {
        try (Stream stream = Stream.open(TOKEN)) {
            HttpResponse<String> r = message(stream, TOKEN, "{\"jsonrpc\":");
            assertEquals(400, r.statusCode());
            assertEquals("invalid_json", error(r).getString("error_code"), r.body());
            assertEquals(-32700, reply(stream, null).getJsonObject("error").getInt("code"), "the stream hears it too");
        }
    }

    private static HttpResponse<String> message(Stream stream, String key, String body) {
        return Http.post(ItConfig.toolsUrl() + "/mcp/messages?sessionId=" + stream.sessionId(), body, "Authorization", Http.bearer(key));
    }

    /** The next JSON-RPC message on the stream with this id (null: the first one without an id). */
    private static JsonObject reply(Stream stream, Integer id) throws Exception {
        return assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
            for (String line = stream.lines().readLine(); line != null; line = stream.lines().readLine()) {
                if (line.startsWith("data:") && line.contains("jsonrpc")) {
                    JsonObject message = Json.createReader(new java.io.StringReader(line.substring(5).trim())).readObject();
                    boolean match = id == null ? message.isNull("id") : message.containsKey("id") && !message.isNull("id")
                            && message.getInt("id") == id;
                    if (match) {
                        return message;
                    }
                }
            }
            throw new AssertionError("the stream ended before message " + id);
        });
    }

    @Test
    void eachUserHoldsOnlyItsShareOfGeneratedFiles() {
        String key = newUserKey("generate_file");
        String body = "{\"tool\":\"generate_file\",\"args\":{\"content\":\"quota\",\"format\":\"txt\"}}";
        for (int i = 0; i < 3; i++) {
            HttpResponse<String> r = ToolsIT.invoke(body, key);
            assertEquals(200, r.statusCode(), r.body());
        }
        HttpResponse<String> refused = ToolsIT.invoke(body, key);
        assertEquals(429, refused.statusCode(), refused.body());
        assertEquals("too_many_files", error(refused).getString("error_code"));
        assertEquals(200, ToolsIT.invoke(body, newUserKey("generate_file")).statusCode());
    }
}
