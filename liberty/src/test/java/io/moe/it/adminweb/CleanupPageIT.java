package io.moe.it.adminweb;

import io.moe.it.Http;
import io.moe.it.ItConfig;
import io.moe.it.identity.Admin;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.support.ui.ExpectedConditions;

import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Cleanup jobs: on {@code /cleanup} an admin runs the usage-log retention, sees the run in the history with what
 * it removed, and the old usage row is gone; {@code /api/cleanup} answers status, history, refuses a setting out of
 * range naming it, and answers the original system's Docker-host jobs with 404 listing the jobs that exist.
 */
class CleanupPageIT {

    private static final String API = ItConfig.adminUrl() + "/api/cleanup";
    private final String rowId = UUID.randomUUID().toString().replace("-", "");
    private AdminWeb web;

    @BeforeEach
    void browser() {
        web = AdminWeb.start();
    }

    @AfterEach
    void close() throws SQLException {
        web.close();
        try (Connection c = db(); PreparedStatement q = c.prepareStatement("DELETE FROM usage_log WHERE id = ?")) {
            q.setString(1, rowId);
            q.executeUpdate();
        }
    }

    private static Connection db() throws SQLException {
        return DriverManager.getConnection(ItConfig.dbUrl(), "moe", "moe");
    }

    private boolean usageRowExists() throws SQLException {
        try (Connection c = db(); PreparedStatement q = c.prepareStatement("SELECT 1 FROM usage_log WHERE id = ?")) {
            q.setString(1, rowId);
            try (ResultSet rs = q.executeQuery()) {
                return rs.next();
            }
        }
    }

    @Test
    void anAdminRunsTheUsageLogRetentionAndSeesItsRunInTheHistory() throws SQLException {
        try (Connection c = db(); PreparedStatement q = c.prepareStatement("INSERT INTO usage_log (id, user_id, request_id, model, moe_mode,"
                + " status, requested_at) VALUES (?, 'cleanup-it', 'cleanup-it', 'moe-orchestrator', 'moe_orchestrated', 'ok', ?)")) {
            q.setString(1, rowId);
            q.setTimestamp(2, Timestamp.from(Instant.now().minus(Duration.ofDays(3 * 366))));
            q.executeUpdate();
        }
        web.signInAsAdmin();
        web.open("/cleanup");
        By row = By.xpath("//tbody/tr[.//strong[@class='job-name'][text()='usage_log_retention']]");
        web.visible(row);
        web.type("jobs-form:jobs:0:interval", "3");
        web.click(By.cssSelector("button[aria-label='Save settings of usage_log_retention']"));
        web.growl("Settings of usage_log_retention not saved");
        web.wait.until(ExpectedConditions.textToBePresentInElementLocated(row, "must be from 5 to 43200")); // beside the field
        web.assertEveryFieldHasALabel("/cleanup");

        web.click(By.cssSelector("button[aria-label='Run usage_log_retention now']"));
        web.visible(By.cssSelector(".ui-confirm-dialog"));
        web.confirm();
        web.growl("Ran usage_log_retention: ok, removed");
        String shown = web.visible(row).getText();
        assertTrue(shown.contains("ok · removed"), "the job's row shows the run's end, as the history does: " + shown);
        assertTrue(shown.matches("(?s).*average run: [\\d,]+ ms.*"), "and the average run time (spec: averages): " + shown);
        By finished = By.xpath("//*[@id='history-form:history']//tbody/tr[td[2][normalize-space()='usage_log_retention']]"
                + "[.//span[contains(@class,'run-status')][text()='ok']]");
        web.wait.until(d -> {
            if (d.findElements(finished).isEmpty()) {
                web.click("history-form:refresh");
                return false;
            }
            return true;
        });
        String run = web.visible(finished).getText();
        assertTrue(run.contains("manual") && run.contains("removed"), run);
        assertFalse(usageRowExists(), "the three-year-old usage row is gone");
        web.screenshot("cleanup");

        HttpResponse<String> history = Admin.get(API + "/history?job=usage_log_retention&limit=5");
        assertEquals(200, history.statusCode(), history.body());
        JsonObject last = Http.object(history).getJsonArray("runs").getJsonObject(0);
        assertEquals("ok", last.getString("status"), history.body());
        assertTrue(last.getJsonNumber("removed").longValue() >= 1, history.body());
    }

    @Test
    void theApiListsTheJobsRefusesBadSettingsAndAnswersDockerHostJobsWithTheJobsThatExist() {
        HttpResponse<String> status = Admin.get(API + "/status");
        assertEquals(200, status.statusCode(), status.body());
        assertTrue(status.body().contains("semantic_cache_prune") && status.body().contains("graph_flagged_relations"), status.body());

        HttpResponse<String> docker = Admin.post(API + "/run/docker_prune", "");
        assertEquals(404, docker.statusCode(), docker.body());
        assertTrue(docker.body().contains("usage_log_retention"), "the 404 lists the jobs: " + docker.body());

        HttpResponse<String> bad = Admin.post(API + "/config", "{\"jobs\":{\"semantic_cache_prune\":{\"retention_days\":0}}}");
        assertEquals(400, bad.statusCode(), bad.body());
        assertEquals("semantic_cache_prune.retention_days", Http.object(bad).getString("field"), bad.body());

        // one job in range, the next out of it: refused as a whole, the first job left as it was
        int entries = Http.object(Admin.get(API + "/config")).getJsonObject("jobs").getJsonObject("semantic_cache_prune").getInt("max_entries");
        HttpResponse<String> half = Admin.post(API + "/config", "{\"jobs\":{\"semantic_cache_prune\":{\"max_entries\":" + (entries + 1)
                + "},\"graph_flagged_relations\":{\"interval_minutes\":0}}}");
        assertEquals(400, half.statusCode(), half.body());
        assertEquals("graph_flagged_relations.interval_minutes", Http.object(half).getString("field"), half.body());
        assertEquals(entries, Http.object(Admin.get(API + "/config")).getJsonObject("jobs").getJsonObject("semantic_cache_prune")
                .getInt("max_entries"), "nothing of a refused change is saved");
        HttpResponse<String> unknownJob = Admin.post(API + "/config", "{\"jobs\":{\"nope\":{\"enabled\":true}}}");
        assertEquals(400, unknownJob.statusCode(), "a key of the body, not a missing route: " + unknownJob.body());
        assertEquals("jobs.nope", Http.object(unknownJob).getString("field"), unknownJob.body());
        HttpResponse<String> misspelt = Admin.post(API + "/config", "{\"jobs\":{\"usage_log_retention\":{\"enabeld\":true}}}");
        assertEquals(400, misspelt.statusCode(), "a misspelt setting is not silently left as it was: " + misspelt.body());
        assertEquals("usage_log_retention.enabeld", Http.object(misspelt).getString("field"), misspelt.body());
        HttpResponse<String> notAnObject = Admin.post(API + "/config", "{\"jobs\":\"x\"}");
        assertEquals(400, notAnObject.statusCode(), notAnObject.body());
        assertEquals("jobs", Http.object(notAnObject).getString("field"), notAnObject.body());
        for (String limit : new String[]{"0", "100000", "x"}) {
            HttpResponse<String> outOfRange = Admin.get(API + "/history?limit=" + limit);
            assertEquals(400, outOfRange.statusCode(), limit + ": " + outOfRange.body());
        }
        HttpResponse<String> hugeNumber = Admin.post(API + "/config", "{\"jobs\":{\"semantic_cache_prune\":{\"max_entries\":1e99999999999}}}");
        assertEquals(400, hugeNumber.statusCode(), "a number the JSON reader cannot hold is bad input: " + hugeNumber.body());

        HttpResponse<String> config = Admin.get(API + "/config");
        assertEquals(200, config.statusCode(), config.body());
        assertEquals(200, Admin.post(API + "/write-cron-env", "").statusCode());
    }
}
