package io.moe.it.adminweb;

import io.moe.it.Http;
import io.moe.it.ItConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;

import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code /mcp-tools} and {@code /tool-eval} in a real browser: a tool disabled on the page is refused by the
 * tool server's {@code POST /invoke}, enabled again it answers, and the refused call is in the page's recent
 * calls; a tool runs with arguments from the form its schema generates, and a saved case runs and passes.
 */
class ToolPagesIT {

    private static final String TOOL = "hash_text";
    private final String marker = "webcase" + java.util.UUID.randomUUID().toString().substring(0, 8);
    private AdminWeb web;

    @BeforeEach
    void browser() {
        web = AdminWeb.start();
    }

    @AfterEach
    void close() {
        web.close();
        Http.put(ItConfig.toolsUrl() + "/tools/" + TOOL, "{\"enabled\":true}", "Authorization", Http.bearer(ItConfig.apiKey()),
                "Content-Type", "application/json");
        try (Connection c = DriverManager.getConnection(ItConfig.dbUrl(), "moe", "moe");
             PreparedStatement q = c.prepareStatement("DELETE FROM tool_case WHERE name LIKE ?")) {
            q.setString(1, marker + "%");
            q.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static HttpResponse<String> invoke(String text) {
        return Http.post(ItConfig.toolsUrl() + "/invoke", "{\"tool\":\"" + TOOL + "\",\"args\":{\"text\":\"" + text + "\",\"alg\":\"sha256\"}}",
                "Authorization", Http.bearer(ItConfig.apiKey()), "Content-Type", "application/json");
    }

    @Test
    void aToolDisabledOnThePageIsRefusedByInvokeUntilItIsEnabledAgain() {
        web.signInAsAdmin();
        web.open("/mcp-tools");
        By row = By.xpath("//tbody/tr[.//strong[@class='tool-name'][text()='" + TOOL + "']]");
        assertTrue(web.visible(row).getText().contains("enabled"), web.visible(row).getText());
        assertTrue(web.driver.findElements(By.cssSelector("#tools-form\\:tools strong.tool-name")).size() >= 20,
                "every tool of the tool server is listed");

        web.click(By.cssSelector("button[aria-label='Disable " + TOOL + "']"));
        web.growl("Tool " + TOOL + " disabled");
        web.wait.until(ExpectedConditions.textToBePresentInElementLocated(row, "disabled"));
        HttpResponse<String> refused = invoke("refused while disabled");
        assertEquals(409, refused.statusCode(), refused.body());
        assertTrue(refused.body().contains("tool_disabled"), refused.body());

        web.click(By.cssSelector("button[aria-label='Enable " + TOOL + "']"));
        web.growl("Tool " + TOOL + " enabled");
        HttpResponse<String> answered = invoke("answered again");
        assertEquals(200, answered.statusCode(), answered.body());

        web.click(By.cssSelector("tr[data-ri] .ui-row-toggler"));
        web.visible(By.cssSelector("pre.json"));
        web.click("tools-form:refresh");
        String calls = web.visible("tools-form:calls").getText();
        assertTrue(calls.contains("tool_disabled") && calls.contains(TOOL), "the refused call is listed: " + calls);
        web.assertEveryFieldHasALabel("/mcp-tools");
        ((org.openqa.selenium.JavascriptExecutor) web.driver).executeScript("window.scrollTo(0, 0)");
        web.screenshot("mcp-tools");
        ((org.openqa.selenium.JavascriptExecutor) web.driver).executeScript("document.getElementById('tools-form:calls').scrollIntoView()");
        web.screenshot("mcp-tools-calls");
    }

    @Test
    void aToolRunsWithArgumentsFromItsSchemaAndASavedCasePasses() {
        web.signInAsAdmin();
        web.open("/tool-eval");
        new Select(web.visible("eval:tool")).selectByValue("gcd_lcm");
        web.waitForAjax();
        web.type("eval:args:0:text", "twelve");
        web.type("eval:args:1:text", "18");
        web.click("eval:run");
        web.wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("eval"), "a must be a whole number"));
        web.screenshot("tool-eval-validation");

        web.type("eval:args:0:text", "12");
        web.click("eval:run");
        web.growl("gcd_lcm answered in");
        assertTrue(web.visible("run-result").getText().contains("36"), web.visible("run-result").getText());
        assertTrue(web.visible("run-ms").getText().matches("\\d+"), "the time is shown");

        String name = marker + " gcd of 12 and 18";
        web.type("eval:case-name", name);
        web.type("eval:expected", "36");
        web.click("eval:save-case");
        web.growl("Case " + name + " saved");
        web.wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("cases-form:cases"), name));

        web.click("cases-form:run-cases");
        web.growl("cases passed");
        By run = By.xpath("//tr[@class='case-run'][td[1][text()='" + name + "']]");
        assertTrue(web.visible(run).getText().contains("pass"), web.visible(run).getText());
        web.assertEveryFieldHasALabel("/tool-eval");
        web.screenshot("tool-eval");

        web.click(By.cssSelector("button[aria-label='Delete case " + name + "']"));
        web.confirm();
        web.growl("Case " + name + " deleted");
    }
}
