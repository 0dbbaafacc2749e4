package io.moe.it.stores;

import io.moe.it.Health;
import io.moe.it.Http;
import io.moe.it.ItConfig;
import io.moe.it.Poll;
import io.moe.it.adminweb.AdminWeb;
import io.moe.it.chat.ChatCompletionsIT;
import io.moe.it.identity.Admin;
import io.moe.it.portal.PortalBrowser;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * PostgreSQL frozen (SIGSTOP on the postmaster and every backend), as a hung database looks: a user whose key was in use
 * keeps getting answers — orchestrated and native — from the templates and keys the node holds in memory, their usage rows
 * wait in the usage journal, /health says PostgreSQL is down while the node stays ready, and after SIGCONT the rows
 * arrive without a restart. Once the database's circuit breaker opened, what needs the database (an administrative write,
 * a key the node has not seen) is refused at once with 503 {@code database_unavailable}, and works again afterwards; an
 * admin page says the database is not answering (503), for a page request and an Ajax request alike.
 */
class PostgresFrozenIT {

    /** PostgreSQL's own pid file in the test stores' data folder: its first line is the postmaster's pid. */
    static final Path PID_FILE = Path.of(System.getProperty("moe.it.data-dir", "target/it-data"), "postgres", "postmaster.pid");

    @Test
    void knownKeysAreAnsweredWhilePostgresIsFrozenAndTheirUsageRowsArriveAfterwards() throws Exception {
        String user = Admin.newUser();
        Admin.grant(user, "moe_mode", "moe_orchestrated");
        Admin.grantDirectCalls(user, "*@local");
        String key = Admin.newKey(user)[1];
        assertEquals(200, chat(key, "moe-orchestrator", "Before the freeze").statusCode());
        assertEquals(200, chat(key, "sim-general:8b@local", "Before the freeze, natively").statusCode());

        assertEquals(200, Http.get(ItConfig.toolsUrl() + "/health").statusCode(), "the tool switches, read before the freeze");
        awaitReportedUp();
        List<ProcessHandle> postgres = postgres();
        signal(postgres, "STOP");
        try {
            for (int i = 0; i < 3; i++) {
                HttpResponse<String> orchestrated = chat(key, "moe-orchestrator", "While PostgreSQL is frozen " + i);
                assertEquals(200, orchestrated.statusCode(), "answered without PostgreSQL: " + orchestrated.body());
                HttpResponse<String> direct = chat(key, "sim-general:8b@local", "While PostgreSQL is frozen, natively " + i);
                assertEquals(200, direct.statusCode(), "answered without PostgreSQL: " + direct.body());
            }
            Health.await(h -> h.matches("(?s).*\"PostgreSQL\"\\s*:\\s*\"down: PostgreSQL.*"), "PostgreSQL's breaker reported open");
            HttpResponse<String> ready = Http.get(ItConfig.orchestratorUrl() + "/health/ready");
            assertEquals(200, ready.statusCode(), "the node still answers, so it stays ready: " + ready.body());
            // the monitoring API reads no store: an operator sees the open breaker while the database is down
            assertEquals("open", StoreBreakers.of("PostgreSQL").getString("state"), "PostgreSQL's breaker while it is frozen");

            // what needs the database is refused at once while its breaker is open, not after the socket timeout (60 s)
            HttpResponse<String> write = Admin.post(Admin.USERS, newUser());
            assertEquals(503, write.statusCode(), write.body());
            assertEquals("database_unavailable", Http.object(write).getString("code"), write.body());
            assertEquals("5", write.headers().firstValue("Retry-After").orElse(""), "the admin port says when to try again too");
            HttpResponse<String> unknownKey = chat("moe-sk-" + "0".repeat(48), "moe-orchestrator", "A key this node never saw");
            assertEquals(503, unknownKey.statusCode(), unknownKey.body());
            assertTrue(unknownKey.body().contains("database_unavailable"), unknownKey.body());
            // the tool server reads its switches on every call; while the database does not answer, they stand as last read
            HttpResponse<String> tools = Http.get(ItConfig.toolsUrl() + "/health");
            assertEquals(200, tools.statusCode(), tools.body());
            HttpResponse<String> tool = invokeTool("{\"tool\":\"calculate\",\"args\":{\"expression\":\"6*7\"}}",
                    System.getProperty("moe.it.tools-token"));
            assertEquals(200, tool.statusCode(), "the orchestrator's tool calls go on: " + tool.body());
            HttpResponse<String> strangerOnTools = invokeTool("{\"tool\":\"calculate\",\"args\":{\"expression\":\"1\"}}",
                    "moe-sk-" + "1".repeat(48));
            assertEquals(503, strangerOnTools.statusCode(), strangerOnTools.body());
            assertEquals("database_unavailable", Http.object(strangerOnTools).getJsonObject("error").getString("error_code"),
                    "a key the tool port never saw is refused as on the other ports, not a failure: " + strangerOnTools.body());
            assertEquals("5", strangerOnTools.headers().firstValue("Retry-After").orElse(""), "and so does the tools port");
        } finally {
            signal(postgres, "CONT");
        }
        HttpResponse<String> afterwards = Poll.until(() -> Admin.post(Admin.USERS, newUser()), r -> r.statusCode() == 201,
                Duration.ofSeconds(30), "an administrative write once PostgreSQL answers again");
        assertEquals(201, afterwards.statusCode(), afterwards.body());
        JsonObject breaker = StoreBreakers.of("PostgreSQL");
        assertEquals("closed", breaker.getString("state"), "closed once a check was answered: " + breaker);
        assertTrue(breaker.getInt("opened") >= 1, "and it counted its opening: " + breaker);
        JsonObject usage = Poll.until(() -> Admin.usage(user), u -> u.getInt("requests") >= 8, Duration.ofSeconds(90),
                "the usage rows of the requests answered while PostgreSQL was frozen");
        assertEquals(8, usage.getJsonObject("by_status").getJsonObject("ok").getInt("requests"), usage.toString());
        assertEquals(usage.getJsonObject("counters").getJsonNumber("daily").longValue(), usage.getJsonNumber("total_tokens").longValue(),
                "the rows add up to the counter: " + usage);
    }

    @Test
    void adminAndPortalPagesSayTheDatabaseIsNotAnsweringAndAreBackAfterwards() throws Exception {
        PortalBrowser member = PortalBrowser.signedInAsNewUser();
        try (AdminWeb web = AdminWeb.start()) {
            web.signInAsAdmin();
            web.open("/users");
            web.visible("new-user-open");
            String cookies = web.driver.manage().getCookies().stream().map(c -> c.getName() + "=" + c.getValue())
                    .collect(Collectors.joining("; "));
            HttpResponse<String> missing = Http.get(ItConfig.adminUrl() + "/no-such-page.xhtml", "Cookie", cookies);
            assertEquals(404, missing.statusCode(), "a missing page stays a 404, not a failure");
            assertTrue(missing.body().contains("Page not found") && !missing.body().contains("Exception"), missing.body());
            awaitReportedUp();
            List<ProcessHandle> postgres = postgres();
            signal(postgres, "STOP");
            try {
                Health.await(h -> h.matches("(?s).*\"PostgreSQL\"\\s*:\\s*\"down: PostgreSQL.*"), "PostgreSQL's breaker reported open");

                web.open("/users");
                assertEquals("The database is not answering", web.visible("failure-heading").getText());
                assertTrue(web.visible("failure-explanation").getText().contains("Try again in a few seconds"));
                web.screenshot("failure-database-not-answering");
                HttpResponse<String> page = Http.get(ItConfig.adminUrl() + "/users", "Cookie", cookies);
                assertEquals(503, page.statusCode(), "the failure page says the database is not answering: " + page.body());

                // an Ajax request of the page (a button) is redirected to the same page, not dropped by the browser
                HttpResponse<String> ajax = Http.post(ItConfig.adminUrl() + "/users.xhtml", "", "Cookie", cookies,
                        "Faces-Request", "partial/ajax");
                assertEquals(200, ajax.statusCode(), ajax.body());
                assertTrue(ajax.body().contains("<redirect url=\"") && ajax.body().contains("/failure.xhtml\">"), ajax.body());
                HttpResponse<String> shown = Http.get(ItConfig.adminUrl() + "/failure.xhtml", "Cookie", cookies);
                assertEquals(503, shown.statusCode(), shown.body());
                assertTrue(shown.body().contains("The database is not answering"), shown.body());

                // the portal's pages say the same (their session check reads the account)
                HttpResponse<String> portal = member.json("GET", "/user/dashboard", null);
                assertEquals(503, portal.statusCode(), portal.body());
                assertTrue(portal.body().contains("The database is not answering") && !portal.body().contains("Exception"),
                        portal.body());
            } finally {
                signal(postgres, "CONT");
            }
            Poll.until(() -> {
                web.open("/users");
                return web.driver.findElements(By.id("new-user-open")).size();
            }, n -> n > 0, Duration.ofSeconds(30), "the users page once PostgreSQL answers again");
            assertEquals(200, member.json("GET", "/user/dashboard", null).statusCode(), "the portal's dashboard once it answers");
        }
    }

    /** The health report trails the thaw by a check period: the tests after this class find PostgreSQL reported up. */
    @org.junit.jupiter.api.AfterEach
    void leavePostgresReportedUp() throws InterruptedException {
        awaitReportedUp();
    }

    /** Health says PostgreSQL is up: a "down" read afterwards is this test's freeze, not one reported before it. */
    private static void awaitReportedUp() throws InterruptedException {
        Health.await(h -> h.matches("(?s).*\"PostgreSQL\"\\s*:\\s*\"up.*"), "PostgreSQL reported up before the freeze");
    }

    private static String newUser() {
        String name = "frozen" + UUID.randomUUID().toString().substring(0, 8);
        return "{\"username\":\"" + name + "\",\"email\":\"" + name + "@example.org\",\"password\":\"a-long-password-1\"}";
    }

    private static HttpResponse<String> chat(String key, String model, String text) {
        return Http.post(ChatCompletionsIT.URL, ChatCompletionsIT.request(model, text),
                "Authorization", Http.bearer(key), "Content-Type", "application/json");
    }

    private static HttpResponse<String> invokeTool(String body, String credential) {
        return Http.post(ItConfig.toolsUrl() + "/invoke", body, "Authorization", Http.bearer(credential));
    }

    /** The postmaster and its backends. */
    private static List<ProcessHandle> postgres() throws IOException {
        long pid = Long.parseLong(Files.readAllLines(PID_FILE).get(0).trim());
        ProcessHandle postmaster = ProcessHandle.of(pid).orElseThrow(() -> new AssertionError("no PostgreSQL process " + pid));
        return Stream.concat(Stream.of(postmaster), postmaster.descendants()).toList();
    }

    private static void signal(List<ProcessHandle> processes, String signal) throws IOException, InterruptedException {
        for (ProcessHandle process : processes) {
            new ProcessBuilder("kill", "-" + signal, String.valueOf(process.pid())).inheritIO().start().waitFor();
        }
    }
}
