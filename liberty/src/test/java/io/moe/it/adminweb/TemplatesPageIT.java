package io.moe.it.adminweb;

import io.moe.it.Http;
import io.moe.it.ItConfig;
import io.moe.it.Simulator;
import io.moe.it.identity.Admin;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code /templates} in a real browser: an edited system prompt is what the next chat request's expert is
 * sent, a refused field is marked beside the field, and an imported file's template is listed with the
 * import's result.
 */
class TemplatesPageIT {

    private static final String TEMPLATES = ItConfig.adminUrl() + "/api/expert-templates";
    private final String marker = "webtmpl" + UUID.randomUUID().toString().replace("-", "").substring(0, 8);
    private AdminWeb web;

    @BeforeEach
    void browser() {
        web = AdminWeb.start();
    }

    @AfterEach
    void close() {
        web.close();
        for (JsonObject t : Http.object(Admin.get(TEMPLATES)).getJsonArray("templates").getValuesAs(JsonObject.class)) {
            if (t.getString("name").startsWith(marker)) {
                Admin.delete(TEMPLATES + "/" + t.getString("id"));
            }
        }
    }

    private static String template(String name) {
        return "{\"name\":\"" + name + "\",\"enable_cache\":false,\"experts\":{\"general\":{\"system_prompt\":\"Be brief.\","
                + "\"models\":[{\"model\":\"sim-general:8b\",\"endpoint\":\"local\",\"role\":\"primary\"}]}}}";
    }

    private void filterTo(String name) {
        WebElement filter = web.visible(By.cssSelector("#templates-form\\:templates th:first-child input"));
        filter.clear();
        filter.sendKeys(name);
        web.wait.until(d -> d.findElements(By.cssSelector("#templates-form\\:templates tbody tr")).size() == 1
                && d.findElement(By.cssSelector("#templates-form\\:templates tbody")).getText().contains(name));
    }

    @Test
    void anEditedSystemPromptIsWhatTheNextRequestsExpertIsSent() {
        String name = marker + "-edit";
        assertEquals(201, Admin.post(TEMPLATES, template(name)).statusCode());
        web.signInAsAdmin();
        web.open("/templates");
        filterTo(name);
        web.screenshot("templates-list");
        web.click(By.cssSelector("button[aria-label='Edit " + name + "']"));
        web.wait.until(ExpectedConditions.attributeToBe(By.id("template:name"), "value", name));

        web.type("template:planner-model", "no model reference");
        web.click("template:save");
        web.wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("template"), "planner_model"));
        web.growl("Template not saved");
        // the field the refusal names comes into view and gets the focus, though Save sits in the sticky bar far below
        web.wait.until(d -> "template:planner-model".equals(((org.openqa.selenium.JavascriptExecutor) d)
                .executeScript("return document.activeElement && document.activeElement.id")));
        web.screenshot("templates-validation");

        String prompt = "You answer as " + marker + " would.";
        web.type("template:planner-model", "");
        web.type("template:cats:0:system-prompt", prompt);
        web.click("template:save");
        web.growl("Template " + name + " saved");
        web.assertEveryFieldHasALabel("/templates");
        web.screenshot("templates");

        String question = "Explain the template " + marker;
        HttpResponse<String> answer = Http.post(ItConfig.orchestratorUrl() + "/v1/chat/completions",
                "{\"model\":\"" + name + "\",\"messages\":[{\"role\":\"user\",\"content\":\"" + question + "\"}]}",
                "Authorization", Http.bearer(ItConfig.apiKey()), "Content-Type", "application/json");
        assertEquals(200, answer.statusCode(), answer.body());
        var calls = Simulator.callsContaining(marker).getValuesAs(JsonObject.class);
        assertTrue(calls.stream().anyMatch(c -> "sim-general:8b".equals(c.getString("model", "")) && c.getString("system", "").startsWith(prompt)),
                "the category's model was sent the edited system prompt: " + calls);
    }

    @Test
    void aFileOverThePagesLimitIsRefusedBesideTheField() throws IOException {
        Path file = Files.createTempFile("expert_templates", ".json");
        Path huge = Files.createTempFile("expert_templates-huge", ".json");
        try {
            Files.write(file, new byte[2_000_001]);
            Files.write(huge, new byte[20_000_000]);
            web.signInAsAdmin();
            web.open("/templates");
            // the browser refuses a file over the pages' limit before sending it (the server would say the same, "must not
            // be larger than 1.9 MB", for a client without the script; beyond 16 MiB the container would refuse it unanswered)
            web.driver.findElement(By.cssSelector("#import input[type=file]")).sendKeys(file.toAbsolutePath().toString());
            By besideTheField = By.cssSelector("#import input[type=file] + *");
            web.wait.until(ExpectedConditions.textToBePresentInElementLocated(besideTheField,
                    "has 2,000,001 bytes; at most 2,000,000 are accepted."));
            web.click("import:import-button");
            web.wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("import"), "Choose an export file"));

            web.driver.findElement(By.cssSelector("#import input[type=file]")).sendKeys(huge.toAbsolutePath().toString());
            web.wait.until(ExpectedConditions.textToBePresentInElementLocated(besideTheField,
                    "has 20,000,000 bytes; at most 2,000,000 are accepted."));
            assertEquals("", web.driver.findElement(By.cssSelector("#import input[type=file]")).getAttribute("value"), "and clears the choice");
            web.screenshot("templates-import-huge");
        } finally {
            Files.deleteIfExists(file);
            Files.deleteIfExists(huge);
        }
    }

    @Test
    void anImportedFileIsListedWithTheResultOfTheImport() throws IOException {
        String name = marker + "-imported";
        Path file = Files.createTempFile("expert_templates", ".json");
        try {
            Files.writeString(file, "{\"type\":\"expert_template\",\"scope\":\"admin\",\"version\":\"1.0\","
                    + "\"exported_at\":\"2026-01-01T00:00:00Z\",\"items\":[" + template(name) + "]}");
            web.signInAsAdmin();
            web.open("/templates");
            web.click("import:import-button");
            web.wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("import"), "Choose an export file"));

            web.driver.findElement(By.cssSelector("#import input[type=file]")).sendKeys(file.toAbsolutePath().toString());
            web.click("import:import-button");
            web.growl("Imported 1, skipped 0");
            web.wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("import:import-result"), "Imported 1, skipped 0"));
            filterTo(name);
            web.assertEveryFieldHasALabel("/templates (import)");
            web.screenshot("templates-import");

            web.driver.findElement(By.cssSelector("#import input[type=file]")).sendKeys(file.toAbsolutePath().toString());
            web.click("import:import-button");
            web.growl("Imported 0, skipped 1");

            // overwriting asks first
            web.click(By.xpath("//*[@id='import:mode']//label[contains(., 'replace')]"));
            web.driver.findElement(By.cssSelector("#import input[type=file]")).sendKeys(file.toAbsolutePath().toString());
            web.click("import:import-button");
            web.wait.until(ExpectedConditions.textToBePresentInElementLocated(By.cssSelector(".ui-confirm-dialog"), "Overwrite existing templates?"));
            web.wait.until(d -> "1".equals(String.valueOf(((org.openqa.selenium.JavascriptExecutor) d).executeScript(
                    "return getComputedStyle(document.querySelector('.ui-confirm-dialog')).opacity")))); // faded in
            web.screenshot("templates-import-replace");
            web.confirm();
            web.growl("Imported 1, skipped 0");

            web.click(By.cssSelector("button[aria-label='Copy " + name + "']"));
            web.growl("Copied " + name + " to " + name + " copy");
            filterTo(name + " copy");
            web.click(By.cssSelector("button[aria-label='Edit " + name + " copy']"));
            web.wait.until(ExpectedConditions.attributeToBe(By.id("template:name"), "value", name + " copy"));
            web.click(By.cssSelector("button[aria-label='Delete " + name + " copy']"));
            web.visible(By.cssSelector(".ui-confirm-dialog"));
            web.confirm();
            web.growl("Template " + name + " copy deleted");
            // the open editor of the deleted template turns into a new template's form, instead of saving into nothing
            web.wait.until(d -> d.findElement(By.id("template")).getText().contains("New template")
                    && "".equals(d.findElement(By.id("template:name")).getDomProperty("value")));
            web.screenshot("templates-deleted-while-open");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            Files.deleteIfExists(file);
        }
    }
}
