package io.moe.it.adminweb;

import io.moe.it.Http;
import io.moe.it.ItConfig;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.neo4j.driver.AuthTokens;
import org.neo4j.driver.Driver;
import org.neo4j.driver.GraphDatabase;
import org.openqa.selenium.By;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code /knowledge} in a real browser: statistics with charts, a search that finds an entity, an export of
 * one domain downloaded as a bundle, and an import that is validated first (nothing changes) and then run.
 */
class KnowledgePageIT {

    private final String tag = UUID.randomUUID().toString().replaceAll("[^a-f]", "");
    private final String domain = "web-" + UUID.randomUUID().toString().substring(0, 8);
    private final String drug = "Webdrug" + tag;
    private final String symptom = "Websymptom" + tag;
    private AdminWeb web;
    private Path downloads;

    @BeforeEach
    void browser() throws IOException {
        web = AdminWeb.start();
        downloads = Files.createTempDirectory(Path.of("target"), "downloads");
        ((ChromeDriver) web.driver).executeCdpCommand("Browser.setDownloadBehavior",
                Map.of("behavior", "allow", "downloadPath", downloads.toAbsolutePath().toString()));
    }

    @AfterEach
    void close() {
        web.close();
    }

    @Test
    void statsSearchExportAndAValidatedImport() throws IOException {
        importByApi(bundle(drug, symptom, domain));
        awaitSearchable(drug);
        web.signInAsAdmin();
        web.open("/knowledge");
        web.visible("stat-entities");
        assertTrue(web.driver.findElements(By.cssSelector("canvas")).size() >= 2, "two charts");
        web.assertEveryFieldHasALabel("/knowledge");
        web.screenshot("knowledge");

        web.type("search:q", drug);
        web.click("search:search-button");
        web.wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("search:hits"), drug + " TREATS " + symptom));
        scrollTo("search");
        web.screenshot("knowledge-search");

        web.type("export:domains", domain);
        web.click("export:export-button");
        Path file = downloads.resolve("knowledge_bundle.jsonld");
        web.wait.until(d -> Files.exists(file) && file.toFile().length() > 0 && noPartialDownloads());
        JsonObject exported = Json.createReader(new StringReader(Files.readString(file))).readObject();
        assertEquals("1.0", exported.getString("format_version"));
        assertEquals(Set.of(drug, symptom), exported.getJsonArray("entities").getValuesAs(JsonObject.class).stream()
                .map(e -> e.getString("name")).collect(Collectors.toSet()));

        String other = "Webimport" + tag;
        Path upload = downloads.resolve("upload.jsonld");
        Files.writeString(upload, bundle(other, other + " effect", "web-import").toString());
        web.driver.findElement(By.cssSelector("#import input[type=file]")).sendKeys(upload.toAbsolutePath().toString());
        web.type("import:source-tag", "web_" + tag);
        assertEquals("2", report("import:validate-button", "Validation", "knowledge-validated").get("entities_created"));
        assertFalse(exists(other), "a validation changes nothing");
        assertTrue(web.visible("report").getText().contains("Entities to create"), "a validation says what an import would do: "
                + web.visible("report").getText());

        assertTrue(web.visible("import:import-hint").getText().contains("upload.jsonld with source tag web_" + tag + " and highest trust 0.50"),
                "the page says what Import will write: " + web.visible("import:import-hint").getText());
        web.type("import:source-tag", "changed_" + tag); // after the validation: the import keeps what was validated
        assertEquals("1", report("import:import-button", "Import done", "knowledge-imported").get("relations_created"));
        assertTrue(exists(other), "the import wrote the entity");
        assertEquals("web_" + tag, sourceOf(other), "imported with the validated source tag");
        assertEquals("web_" + tag, web.driver.findElement(By.id("import:source-tag")).getAttribute("value"));
        assertTrue(web.visible("report").getText().contains("Entities created"), web.visible("report").getText());
    }

    /** Presses the button, waits for the report headed {@code heading}, screenshots it; returns its counts. */
    private Map<String, String> report(String button, String heading, String screenshot) {
        web.click(button);
        web.waitForPage();
        web.wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("report-heading"), heading));
        scrollTo("import-heading");
        web.screenshot(screenshot);
        return web.driver.findElements(By.cssSelector("[id^=count-]")).stream()
                .collect(Collectors.toMap(e -> e.getAttribute("id").substring("count-".length()), e -> e.getText()));
    }

    private void scrollTo(String id) {
        ((org.openqa.selenium.JavascriptExecutor) web.driver).executeScript("document.getElementById(arguments[0]).scrollIntoView()", id);
    }

    private boolean noPartialDownloads() {
        try (var files = Files.list(downloads)) {
            return files.noneMatch(f -> f.toString().endsWith(".crdownload"));
        } catch (IOException e) {
            return false;
        }
    }

    private static JsonObject bundle(String subject, String object, String domain) {
        return Json.createObjectBuilder().add("format_version", "1.0")
                .add("entities", Json.createArrayBuilder()
                        .add(Json.createObjectBuilder().add("name", subject).add("type", "drug").add("domain", domain))
                        .add(Json.createObjectBuilder().add("name", object).add("type", "symptom").add("domain", domain)))
                .add("relations", Json.createArrayBuilder().add(Json.createObjectBuilder().add("subject", subject).add("predicate", "TREATS")
                        .add("object", object).add("confidence", 0.4).add("trust_score", 0.4))).build();
    }

    private static void importByApi(JsonObject bundle) {
        var response = Http.post(ItConfig.orchestratorUrl() + "/graph/knowledge/import", Json.createObjectBuilder().add("bundle", bundle)
                .add("source_tag", "web_test").build().toString(), "Authorization", Http.bearer(ItConfig.apiKey()));
        assertEquals(200, response.statusCode(), response.body());
    }

    private static void awaitSearchable(String name) {
        Instant deadline = Instant.now().plusSeconds(60);
        while (!Http.get(ItConfig.orchestratorUrl() + "/graph/search?limit=1&q=" + name, "Authorization", Http.bearer(ItConfig.apiKey()))
                .body().contains("\"name\":\"" + name + "\"")) {
            assertTrue(Instant.now().isBefore(deadline), name + " not searchable within 60 s");
            try {
                Thread.sleep(250); // polling interval while waiting for a deadline
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private static String sourceOf(String name) {
        try (Driver neo4j = GraphDatabase.driver(ItConfig.neo4jUri(), AuthTokens.none()); var session = neo4j.session()) {
            return session.run("MATCH (e:Entity {name_lc: $n}) RETURN e.source AS s", Map.of("n", name.toLowerCase())).single().get("s").asString();
        }
    }

    private static boolean exists(String name) {
        try (Driver neo4j = GraphDatabase.driver(ItConfig.neo4jUri(), AuthTokens.none()); var session = neo4j.session()) {
            return !session.run("MATCH (e:Entity {name_lc: $n}) RETURN e", Map.of("n", name.toLowerCase())).list().isEmpty();
        }
    }
}
