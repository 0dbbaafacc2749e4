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
import org.openqa.selenium.support.ui.Select;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * /profiles: an admin creates a coding-client profile in the form (a refusal of the profile rules shows beside its
 * field), edits it, copies and deletes the copy, and imports a cc_profiles.json file with the result shown; the
 * API then answers what the page made.
 */
class ProfilesPageIT {

    static final String API = ItConfig.adminUrl() + "/api/profiles";
    private final String marker = "pp-" + UUID.randomUUID().toString().substring(0, 8);
    private AdminWeb web;

    @BeforeEach
    void browser() {
        web = AdminWeb.start();
    }

    @AfterEach
    void close() {
        web.close();
    }

    /** Closes the growl messages, as a person would with their close buttons. */
    private void dismissMessages() {
        ((org.openqa.selenium.JavascriptExecutor) web.driver).executeScript(
                "document.querySelectorAll('.ui-growl-item-container').forEach(function (m) { m.remove(); });");
    }

    private JsonObject profileNamed(String name) {
        return Http.object(Admin.get(API)).getJsonArray("profiles").getValuesAs(JsonObject.class).stream()
                .filter(p -> p.getString("name").equals(name)).findFirst().orElse(null);
    }

    @Test
    void anAdminCreatesEditsCopiesDeletesAndImportsProfiles() throws Exception {
        String name = marker + "-coder";
        web.signInAsAdmin();
        web.open("/profiles");
        web.click("profiles-form:new");
        web.type("editor:name", name);
        web.type("editor:accepted", "claude-sonnet-4-5, claude-haiku-4-5");
        web.type("editor:tool-model", "sim-coder:7b");
        Select mode = new Select(web.visible("editor:mode"));
        assertTrue(mode.getOptions().stream().anyMatch(o -> o.getText().equals("native — straight to the tool model")),
                "each mode says what it does: " + mode.getOptions().stream().map(org.openqa.selenium.WebElement::getText).toList());
        mode.selectByValue("moe_orchestrated");
        web.type("editor:tool-max", "0");
        web.click("editor:save");
        web.wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("editor"), "tool_max_tokens"));
        web.type("editor:tool-max", "4096");
        web.type("editor:accepted", "claude-sonnet-4-5, not a model id!");
        web.click("editor:save");
        web.wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("editor"), "must be a model id")); // beside the field
        web.type("editor:accepted", "claude-sonnet-4-5, claude-haiku-4-5");
        web.type("editor:prefix", "You help with code.");
        web.assertEveryFieldHasALabel("/profiles");
        web.click("editor:save");
        web.growl("Profile " + name + " created");
        web.screenshot("profiles");
        JsonObject created = profileNamed(name);
        assertEquals("moe_orchestrated", created.getString("moe_mode"), created.toString());
        assertEquals(4096, created.getInt("tool_max_tokens"));
        assertEquals("You help with code.", created.getString("system_prompt_prefix"));

        dismissMessages(); // they cover the first rows of the table
        web.click(By.cssSelector("button[aria-label='Copy " + name + "']"));
        web.growl("Copied " + name + " to " + name + "-copy");
        dismissMessages();
        web.click(By.cssSelector("button[aria-label='Delete " + name + "-copy']"));
        web.confirm();
        web.growl("Profile " + name + "-copy deleted");
        assertEquals(null, profileNamed(name + "-copy"));

        Path file = Files.createTempFile("cc_profiles", ".json");
        try {
            String imported = marker + "-imported";
            Files.writeString(file, "{\"type\":\"cc_profile\",\"scope\":\"admin\",\"version\":\"1.0\",\"exported_at\":\"2026-01-01T00:00:00Z\","
                    + "\"items\":[{\"name\":\"" + imported + "\",\"accepted_models\":[\"claude-sonnet-4-5\"],\"tool_model\":\"sim-coder:7b\","
                    + "\"tool_endpoint\":\"local\",\"moe_mode\":\"native\"}]}");
            web.driver.findElement(By.cssSelector("#import input[type=file]")).sendKeys(file.toAbsolutePath().toString());
            web.click("import:import-button");
            web.growl("Imported 1, skipped 0");
            assertTrue(profileNamed(imported) != null, "imported through the same service as the API");
            web.screenshot("profiles-import");
            Admin.delete(API + "/" + profileNamed(imported).getString("id"));
        } finally {
            Files.deleteIfExists(file);
        }
        Admin.delete(API + "/" + created.getString("id"));
        assertFalse(Http.object(Admin.get(API)).toString().contains(name), "cleaned up");
    }
}
