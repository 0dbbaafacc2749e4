package io.moe.simulator;

import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.StringReader;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ModelSimulatorTest {

    private static final ModelSimulator SIM = ModelSimulator.start(0);
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @AfterAll
    static void stop() {
        SIM.close();
    }

    @BeforeEach
    void reset() throws Exception {
        send("DELETE", "/_sim/rules", null);
        send("DELETE", "/_sim/calls", null);
    }

    @Test
    void answersAnExpertWithUsageAndConfidence() throws Exception {
        HttpResponse<String> r = send("POST", "/v1/chat/completions",
                chat("sim-expert:7b", "You are an expert. category: math", "What is 2+2?", false));
        assertEquals(200, r.statusCode());
        JsonObject body = json(r.body());
        assertEquals("chat.completion", body.getString("object"));
        String content = body.getJsonArray("choices").getJsonObject(0).getJsonObject("message").getString("content");
        assertTrue(content.length() >= 200, content);
        assertTrue(content.contains("What is 2+2?"));
        assertTrue(content.endsWith("KONFIDENZ: hoch"), content);
        JsonObject usage = body.getJsonObject("usage");
        assertEquals(Tokens.count(content), usage.getInt("completion_tokens"));
        assertEquals(usage.getInt("prompt_tokens") + usage.getInt("completion_tokens"), usage.getInt("total_tokens"));
        JsonObject call = json(send("GET", "/_sim/calls", null).body()).getJsonArray("calls").getJsonObject(0);
        assertEquals("expert", call.getString("role"));
        assertEquals("math", call.getString("category"));
    }

    @Test
    void anAnswerStopsAtMaxTokensWithFinishReasonLength() throws Exception {
        String body = chat("sim-expert:7b", "You are an expert. category: math", "What is 2+2?", false)
                .replaceFirst("\\{", "{\"max_tokens\":5,");
        JsonObject answer = json(send("POST", "/v1/chat/completions", body).body());
        JsonObject choice = answer.getJsonArray("choices").getJsonObject(0);
        assertEquals("length", choice.getString("finish_reason"));
        assertEquals(5, Tokens.count(choice.getJsonObject("message").getString("content")));
        assertEquals(5, answer.getJsonObject("usage").getInt("completion_tokens"));
        JsonObject call = json(send("GET", "/_sim/calls", null).body()).getJsonArray("calls").getJsonObject(0);
        assertEquals(5, call.getInt("max_tokens"));
    }

    @Test
    void thePlannerReturnsAJsonPlan() throws Exception {
        String content = content(send("POST", "/v1/chat/completions",
                chat("sim-planner:7b", "You are the planner.", "Fix this Java method", false)));
        JsonArray plan = Json.createReader(new StringReader(content)).readArray();
        assertEquals("code_reviewer", plan.getJsonObject(0).getString("category"));
        assertEquals("Fix this Java method", plan.getJsonObject(0).getString("task"));
    }

    @Test
    void streamsRoleContentStopUsageAndDone() throws Exception {
        String body = send("POST", "/v1/chat/completions",
                chat("sim-expert:7b", "You are an expert. category: general", "Tell me about streams", true)).body();
        List<String> events = Arrays.stream(body.split("\n\n")).map(String::strip).filter(s -> !s.isEmpty()).toList();
        assertEquals("data: [DONE]", events.get(events.size() - 1));
        JsonObject first = json(events.get(0).substring(6));
        assertEquals("assistant", first.getJsonArray("choices").getJsonObject(0).getJsonObject("delta").getString("role"));
        JsonObject usage = json(events.get(events.size() - 2).substring(6));
        assertTrue(usage.getJsonArray("choices").isEmpty());
        assertTrue(usage.getJsonObject("usage").getInt("completion_tokens") > 0);
        JsonObject stop = json(events.get(events.size() - 3).substring(6));
        assertEquals("stop", stop.getJsonArray("choices").getJsonObject(0).getString("finish_reason"));
        StringBuilder text = new StringBuilder();
        for (String e : events.subList(1, events.size() - 3)) {
            text.append(json(e.substring(6)).getJsonArray("choices").getJsonObject(0).getJsonObject("delta").getString("content"));
        }
        assertTrue(text.toString().endsWith("KONFIDENZ: hoch"), text.toString());
    }

    @Test
    void aRuleSetsContentAndConfidenceForALimitedNumberOfCalls() throws Exception {
        HttpResponse<String> added = send("POST", "/_sim/rules", """
                {"match":{"role":"expert","contains":"capital"},"times":1,
                 "action":{"content":"Paris.","confidence":"niedrig"}}""");
        assertEquals(201, added.statusCode());
        String request = chat("sim-expert:7b", "expert category: general", "The capital of France?", false);
        assertEquals("Paris.\nKONFIDENZ: niedrig", content(send("POST", "/v1/chat/completions", request)));
        assertTrue(content(send("POST", "/v1/chat/completions", request)).endsWith("KONFIDENZ: hoch"), "used up after once");
    }

    @Test
    void injectsA429WithRetryAfter() throws Exception {
        send("POST", "/_sim/rules", "{\"match\":{\"model\":\"sim-judge:32b\"},\"action\":{\"fault\":\"http_429\",\"retry_after\":7}}");
        HttpResponse<String> r = send("POST", "/v1/chat/completions", chat("sim-judge:32b", "judge", "x", false));
        assertEquals(429, r.statusCode());
        assertEquals("7", r.headers().firstValue("Retry-After").orElseThrow());
        assertEquals("rate_limit_exceeded", json(r.body()).getJsonObject("error").getString("code"));
    }

    @Test
    void aCutStreamEndsWithoutStopOrDone() throws Exception {
        send("POST", "/_sim/rules", "{\"action\":{\"fault\":\"stream_cut\"}}");
        String request = chat("sim-expert:7b", "expert category: general", "a long answer please", true);
        String received = rawPost(request); // a raw socket sees every byte sent before the cut
        assertTrue(received.startsWith("HTTP/1.1 200"), received);
        assertTrue(received.contains("\"role\":\"assistant\""), received);
        assertTrue(received.contains("\"content\":\"Expert answer"), "some content before the cut: " + received);
        assertFalse(received.contains("[DONE]"), received);
        assertFalse(received.contains("\"finish_reason\":\"stop\""), received);
    }

    @Test
    void aMalformedChunkIsFollowedByTheRestOfTheStream() throws Exception {
        send("POST", "/_sim/rules", "{\"action\":{\"fault\":\"malformed_chunk\"}}");
        String body = send("POST", "/v1/chat/completions", chat("m", "expert", "q", true)).body();
        assertTrue(body.contains("data: {not json\n\n"), body);
        assertTrue(body.endsWith("data: [DONE]\n\n"), body);
    }

    @Test
    void aConfidenceRuleReplacesTheDefaultConfidenceLine() throws Exception {
        send("POST", "/_sim/rules", "{\"match\":{\"category\":\"legal_advisor\"},\"action\":{\"confidence\":\"mittel\"}}");
        String content = content(send("POST", "/v1/chat/completions",
                chat("sim-expert:7b", "You are an expert. category: legal_advisor", "Is § 823 BGB relevant?", false)));
        assertTrue(content.endsWith("\nKONFIDENZ: mittel"), content);
        assertFalse(content.contains("KONFIDENZ: hoch"), content);
    }

    @Test
    void theSameRequestGetsTheSameAnswer() throws Exception {
        String request = chat("sim-judge:32b", "You are the judge; synthesise.", "Why is the sky blue?", false);
        String first = content(send("POST", "/v1/chat/completions", request));
        assertEquals(first, content(send("POST", "/v1/chat/completions", request)));
        assertTrue(first.length() >= 200 && first.contains("Why is the sky blue?"), first);
    }

    @Test
    void recognisesEachRoleFromTheSystemPrompt() throws Exception {
        assertEquals("COMPLETE", content(send("POST", "/v1/chat/completions", chat("m", "Gap check: answer NEEDS_MORE_INFO or COMPLETE", "q", false))));
        assertEquals("BESTÄTIGT", content(send("POST", "/v1/chat/completions", chat("m", "You are a critic.", "q", false))));
        String triples = content(send("POST", "/v1/chat/completions", chat("m", "Extract triples.", "Question: Does acetylsalicylic acid treat headache?\n\nAnswer: yes", false)));
        assertTrue(triples.startsWith("acetylsalicylic | RELATES_TO |") && triples.lines().allMatch(l -> l.split("\\|").length == 3), triples);
        String trace = content(send("POST", "/v1/chat/completions", chat("m", "Write a reasoning trace.", "q", false)));
        assertEquals(4, trace.lines().filter(l -> l.matches("\\d\\. .*")).count(), trace);
        List<String> roles = json(send("GET", "/_sim/calls", null).body()).getJsonArray("calls").stream()
                .map(c -> c.asJsonObject().getString("role")).toList();
        assertEquals(List.of("gap_check", "critic", "triples", "reasoning"), roles);
    }

    @Test
    void recordsImagesSentToTheVisionPlanner() throws Exception {
        String request = Json.createObjectBuilder().add("model", "sim-vision:7b").add("messages", Json.createArrayBuilder()
                .add(Json.createObjectBuilder().add("role", "system").add("content", "You are the planner."))
                .add(Json.createObjectBuilder().add("role", "user").add("content", Json.createArrayBuilder()
                        .add(Json.createObjectBuilder().add("type", "text").add("text", "What is in this picture?"))
                        .add(Json.createObjectBuilder().add("type", "image_url")
                                .add("image_url", Json.createObjectBuilder().add("url", "data:image/png;base64,AAAA"))))))
                .build().toString();
        JsonArray plan = Json.createReader(new StringReader(content(send("POST", "/v1/chat/completions", request)))).readArray();
        assertEquals("vision", plan.getJsonObject(0).getString("category"));
        JsonObject call = json(send("GET", "/_sim/calls", null).body()).getJsonArray("calls").getJsonObject(0);
        assertTrue(call.getBoolean("has_images"));
        assertEquals("planner", call.getString("role"));
        assertEquals("What is in this picture?", call.getString("user"));
    }

    @Test
    void aHeldRequestDoesNotBlockOthers() throws Exception {
        send("POST", "/_sim/rules", "{\"match\":{\"contains\":\"hold me\"},\"action\":{\"fault\":\"no_response\"}}");
        CompletableFuture<HttpResponse<String>> held = HTTP.sendAsync(post(chat("m", "s", "hold me", false)),
                HttpResponse.BodyHandlers.ofString());
        awaitCalls(1);
        assertEquals("Simulated answer to \"other\".", content(send("POST", "/v1/chat/completions", chat("m", "s", "other", false))));
        assertFalse(held.isDone(), "the held request is still unanswered");
        held.cancel(true);
    }

    /**
     * The stall this guards against is protocol-level, not a matter of speed: a response written in two small writes
     * without TCP_NODELAY waits for the client's delayed ACK (about 40 ms on Linux) on every reused connection, while a
     * fresh connection does not. So a kept-alive connection must answer about as fast as fresh ones do.
     */
    @Test
    void aKeptAliveConnectionAnswersAsFastAsFreshOnes() throws Exception {
        byte[] request = ("POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                + "Content-Length: %d\r\n\r\n%s").formatted(chat("m", "s", "hi", false).length(), chat("m", "s", "hi", false))
                .getBytes(StandardCharsets.UTF_8);
        long[] fresh = new long[21];
        for (int i = 0; i < fresh.length; i++) {
            try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), SIM.port())) {
                fresh[i] = timedExchange(socket, request);
            }
        }
        long[] reused = new long[21];
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), SIM.port())) {
            timedExchange(socket, request);
            for (int i = 0; i < reused.length; i++) {
                reused[i] = timedExchange(socket, request);
            }
        }
        Arrays.sort(fresh);
        Arrays.sort(reused);
        long freshMedian = fresh[fresh.length / 2] / 1_000_000;
        long reusedMedian = reused[reused.length / 2] / 1_000_000;
        assertTrue(reusedMedian < freshMedian + 20, "median on a reused connection " + reusedMedian + " ms, on fresh ones "
                + freshMedian + " ms: the answer waits for a delayed ACK");
    }

    /** Sends one request on {@code socket} and reads its whole response (by Content-Length); the nanoseconds it took. */
    private static long timedExchange(Socket socket, byte[] request) throws IOException {
        long start = System.nanoTime();
        socket.getOutputStream().write(request);
        socket.getOutputStream().flush();
        InputStream in = socket.getInputStream();
        StringBuilder head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) {
            int c = in.read();
            if (c < 0) {
                throw new IOException("connection closed in the headers: " + head);
            }
            head.append((char) c);
        }
        int length = head.toString().lines().filter(l -> l.toLowerCase(java.util.Locale.ROOT).startsWith("content-length:"))
                .map(l -> Integer.parseInt(l.substring(15).trim())).findFirst()
                .orElseThrow(() -> new IOException("no Content-Length: " + head));
        in.readNBytes(length);
        return System.nanoTime() - start;
    }

    @Test
    void aResetIsAConnectionErrorNotAResponse() throws Exception {
        send("POST", "/_sim/rules", "{\"action\":{\"fault\":\"reset\"}}");
        assertThrows(IOException.class, () -> send("POST", "/v1/chat/completions", chat("m", "s", "u", false)));
    }

    @Test
    void searchAnswersInSearxngShape() throws Exception {
        HttpResponse<String> r = send("GET", "/search?q=kafka+consumer+groups&format=json", null);
        JsonObject body = json(r.body());
        assertEquals("kafka consumer groups", body.getString("query"));
        assertEquals(3, body.getJsonArray("results").size());
        assertEquals("https://example.org/kafka-consumer-groups-1", body.getJsonArray("results").getJsonObject(0).getString("url"));
    }

    @Test
    void rejectsARequestWithoutModel() throws Exception {
        HttpResponse<String> r = send("POST", "/v1/chat/completions", "{\"messages\":[{\"role\":\"user\",\"content\":\"x\"}]}");
        assertEquals(400, r.statusCode());
        assertTrue(json(r.body()).getJsonObject("error").getString("message").contains("model"));
    }

    @Test
    void listsModelsInBothDialects() throws Exception {
        assertEquals("list", json(send("GET", "/v1/models", null).body()).getString("object"));
        assertFalse(json(send("GET", "/api/tags", null).body()).getJsonArray("models").isEmpty());
    }

    private static String chat(String model, String system, String user, boolean stream) {
        return Json.createObjectBuilder().add("model", model).add("stream", stream)
                .add("stream_options", Json.createObjectBuilder().add("include_usage", true))
                .add("messages", Json.createArrayBuilder()
                        .add(Json.createObjectBuilder().add("role", "system").add("content", system))
                        .add(Json.createObjectBuilder().add("role", "user").add("content", user)))
                .build().toString();
    }

    private static void awaitCalls(int n) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (json(send("GET", "/_sim/calls", null).body()).getJsonArray("calls").size() < n) {
            assertTrue(System.nanoTime() < deadline, "no call recorded in time");
            Thread.onSpinWait();
        }
    }

    /** POSTs a chat request over a plain socket and returns the raw bytes read until the server closes. */
    private static String rawPost(String body) throws IOException {
        byte[] json = body.getBytes(StandardCharsets.UTF_8);
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), SIM.port())) {
            socket.setSoTimeout(20_000);
            OutputStream out = socket.getOutputStream();
            out.write(("POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                    + "Content-Length: " + json.length + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.write(json);
            out.flush();
            ByteArrayOutputStream received = new ByteArrayOutputStream();
            InputStream in = socket.getInputStream();
            byte[] buffer = new byte[8192];
            try {
                for (int n; (n = in.read(buffer)) >= 0; ) {
                    received.write(buffer, 0, n);
                }
            } catch (SocketException reset) {
                // a reset after the data is still the end of the stream
            }
            return received.toString(StandardCharsets.UTF_8);
        }
    }

    private static HttpRequest post(String body) {
        return HttpRequest.newBuilder(URI.create(SIM.baseUrl() + "/v1/chat/completions")).timeout(Duration.ofSeconds(20))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build();
    }

    private static String content(HttpResponse<String> r) {
        assertEquals(200, r.statusCode(), r.body());
        return json(r.body()).getJsonArray("choices").getJsonObject(0).getJsonObject("message").getString("content");
    }

    private static JsonObject json(String text) {
        return Json.createReader(new StringReader(text)).readObject();
    }

    private static HttpResponse<String> send(String method, String path, String body) throws IOException, InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(SIM.baseUrl() + path)).timeout(Duration.ofSeconds(20));
        b.method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (body != null) {
            b.header("Content-Type", "application/json");
        }
        return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }
}
