package io.moe.it.adminweb;

import io.moe.it.Http;
import io.moe.it.ItConfig;
import io.moe.it.chat.ChatCompletionsIT;
import io.moe.it.identity.Admin;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.Iterator;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code /monitoring} in a real browser and its API: after a chat request the page shows it in the recent
 * requests with latency percentiles and tokens by model, lists the inference servers' circuit breakers, and
 * streams the server's own log (level filter and pause); the API answers the same figures as JSON and the log
 * as server-sent events, to admins only.
 */
class MonitoringPageIT {

    static final String API = ItConfig.adminUrl() + "/api/monitoring";
    private AdminWeb web;

    @BeforeEach
    void browser() {
        web = AdminWeb.start();
    }

    @AfterEach
    void close() {
        web.close();
    }

    @Test
    void recentRequestsBreakersAndTheLiveServerLog() {
        chatOnce();
        web.signInAsAdmin();
        web.open("/monitoring");
        int requests = Integer.parseInt(web.visible("recent-requests").findElement(By.className("value")).getText().trim().replace(",", ""));
        assertTrue(requests >= 1, "the chat request is counted (" + requests + ")");
        assertTrue(web.driver.findElement(By.id("latency-p50")).getText().matches("(?s).*\\d+ ms.*"));
        web.visible("stats-form:tokens-chart");
        assertTrue(web.driver.findElement(By.id("stats-form:breakers")).getText().contains("inference server"),
                "the inference servers' breakers are listed");
        assertTrue(web.driver.findElement(By.id("metrics-link")).getAttribute("href").endsWith("/metrics"));

        web.wait.until(d -> !d.findElements(By.cssSelector("#log-stream li")).isEmpty());
        web.wait.until(ExpectedConditions.textToBe(By.id("log-state"), "live"));
        String time = web.driver.findElements(By.cssSelector("#log-stream .log-time")).get(0).getText();
        assertTrue(time.matches("\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}\\.\\d{3} \\S+"), "a log time reads as date, time and zone: " + time);
        web.assertEveryFieldHasALabel("/monitoring");
        web.screenshot("monitoring");
        ((org.openqa.selenium.JavascriptExecutor) web.driver).executeScript("document.getElementById('log-heading').scrollIntoView()");
        web.screenshot("monitoring-log");

        new Select(web.driver.findElement(By.id("log-level"))).selectByValue("warning");
        web.wait.until(d -> d.findElements(By.cssSelector("#log-stream li")).stream()
                .allMatch(li -> li.getAttribute("class").matches("log-(error|warning)")));
        web.click("log-pause");
        WebElement pause = web.driver.findElement(By.id("log-pause"));
        assertEquals("Resume", pause.getText());
        assertEquals("true", pause.getAttribute("aria-pressed"));
        assertEquals("paused", web.driver.findElement(By.id("log-state")).getText());
    }

    @Test
    void theApiAnswersTheFiguresAndStreamsTheLogToAdminsOnly() throws Exception {
        chatOnce();
        JsonObject summary = Http.object(Admin.get(API + "/summary"));
        assertEquals(15, summary.getJsonArray("requests_per_minute").size());
        assertTrue(summary.getInt("requests") >= 1);
        assertTrue(summary.getJsonObject("latency_ms").getInt("p99") >= summary.getJsonObject("latency_ms").getInt("p50"));
        assertTrue(!summary.getJsonObject("tokens_by_model").isEmpty(), "tokens by model: " + summary);
        assertTrue(summary.getJsonArray("breakers").size() >= 1);

        HttpResponse<String> badLevel = Admin.get(API + "/logs?level=verbose");
        assertEquals(400, badLevel.statusCode());
        assertTrue(badLevel.body().contains("level"), badLevel.body());

        String user = Admin.newUser();
        String userKey = Admin.newKey(user)[1];
        assertEquals(403, Http.get(API + "/summary", "Authorization", "Bearer " + userKey).statusCode());
        assertEquals(403, Http.get(API + "/logs", "Authorization", "Bearer " + userKey).statusCode());

        HttpRequest stream = HttpRequest.newBuilder(URI.create(API + "/logs?level=all"))
                .header("Authorization", "Bearer " + ItConfig.apiKey()).header("Accept", "text/event-stream").build();
        HttpResponse<Stream<String>> response = HttpClient.newHttpClient().sendAsync(stream, HttpResponse.BodyHandlers.ofLines())
                .get(20, TimeUnit.SECONDS);
        assertEquals(200, response.statusCode());
        assertTrue(response.headers().firstValue("Content-Type").orElse("").startsWith("text/event-stream"));
        CompletableFuture<String> firstData = CompletableFuture.supplyAsync(() -> {
            Iterator<String> lines = response.body().iterator();
            boolean logEvent = false;
            while (lines.hasNext()) {
                String line = lines.next();
                logEvent |= line.equals("event: log");
                if (logEvent && line.startsWith("data:")) {
                    return line.substring(5).trim();
                }
            }
            return "";
        });
        JsonObject entry = (JsonObject) Http.json(firstData.get(20, TimeUnit.SECONDS));
        assertTrue(entry.containsKey("time") && entry.containsKey("level") && entry.containsKey("text"), entry.toString());
        response.body().close();
    }

    @Test
    void theLogComesOverAWebSocketToAnAdminKeyAndIsRefusedBeforeTheUpgradeToOthers() throws Exception {
        String socket = ItConfig.adminUrl().replaceFirst("^http", "ws") + "/api/monitoring/logs/socket";
        CompletableFuture<String> first = new CompletableFuture<>();
        java.net.http.WebSocket open = HttpClient.newHttpClient().newWebSocketBuilder()
                .header("Authorization", "Bearer " + ItConfig.apiKey())
                .buildAsync(URI.create(socket + "?level=all"), new java.net.http.WebSocket.Listener() {
                    private final StringBuilder text = new StringBuilder();

                    @Override
                    public CompletableFuture<?> onText(java.net.http.WebSocket ws, CharSequence data, boolean last) {
                        text.append(data);
                        if (last) {
                            first.complete(text.toString());
                        }
                        ws.request(1);
                        return null;
                    }
                }).get(20, TimeUnit.SECONDS);
        try {
            JsonObject message = (JsonObject) Http.json(first.get(20, TimeUnit.SECONDS));
            assertTrue(message.getJsonNumber("next").longValue() > 0, message.toString());
            JsonObject entry = message.getJsonArray("lines").getJsonObject(0);
            assertTrue(entry.containsKey("time") && entry.containsKey("level") && entry.containsKey("text"), entry.toString());
        } finally {
            open.sendClose(java.net.http.WebSocket.NORMAL_CLOSURE, "done").get(10, TimeUnit.SECONDS);
        }

        String memberKey = Admin.newKey(Admin.newUser())[1];
        assertEquals(403, handshakeStatus(socket, memberKey, "all"), "a member's key");
        assertEquals(401, handshakeStatus(socket, null, "all"), "no credentials");
        assertEquals(400, handshakeStatus(socket, ItConfig.apiKey(), "verbose"), "an unknown level");
        HttpResponse<String> plain = Http.get(ItConfig.adminUrl() + "/api/monitoring/logs/socket", "Authorization", "Bearer " + ItConfig.apiKey());
        assertEquals(400, plain.statusCode(), "a plain GET is told to open a WebSocket: " + plain.body());
        assertTrue(plain.body().contains("websocket_required"), plain.body());
    }

    /** The status a refused handshake answered with (0 when it was accepted). */
    private static int handshakeStatus(String socket, String key, String level) throws Exception {
        java.net.http.WebSocket.Builder builder = HttpClient.newHttpClient().newWebSocketBuilder();
        if (key != null) {
            builder.header("Authorization", "Bearer " + key);
        }
        try {
            builder.buildAsync(URI.create(socket + "?level=" + level), new java.net.http.WebSocket.Listener() { })
                    .get(20, TimeUnit.SECONDS).abort();
            return 0;
        } catch (java.util.concurrent.ExecutionException e) {
            if (e.getCause() instanceof java.net.http.WebSocketHandshakeException refused) {
                return refused.getResponse().statusCode();
            }
            throw e;
        }
    }

    private static void chatOnce() {
        HttpResponse<String> answer = Http.post(ItConfig.orchestratorUrl() + "/v1/chat/completions",
                ChatCompletionsIT.request("moe-orchestrator", "monitoring check " + Instant.now()),
                "Authorization", "Bearer " + ItConfig.apiKey(), "Content-Type", "application/json");
        assertEquals(200, answer.statusCode(), answer.body());
    }
}
