package io.moe.it.portal;

import io.moe.it.Http;
import io.moe.it.ItConfig;
import io.moe.it.Poll;
import io.moe.it.Simulator;
import io.moe.it.adminweb.AdminWeb;
import io.moe.it.identity.Admin;
import jakarta.json.Json;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The portal in a real browser, as a user would: sign in with the password; create a key, use it for a
 * multi-part chat, see it in the usage list, open its answer inspector from there (plan, experts, timeline) and rate it;
 * see the month on the billing page; revoke the key and see 401; change name and password; as an expert create,
 * toggle, export and import own templates and make an own coding-client profile. Another user gets 404 for the
 * answer; a user without the expert role is told why there are no own templates. Every page is screenshot.
 */
class PortalPagesIT {

    private final String marker = "portal" + UUID.randomUUID().toString().replace("-", "").substring(0, 10);
    private AdminWeb web;
    private String rule;

    @BeforeEach
    void browser() {
        web = AdminWeb.start();
    }

    @AfterEach
    void close() {
        web.close();
        if (rule != null) {
            Simulator.removeRule(rule);
        }
    }

    private String[] expertUser() {
        String[] user = PortalBrowser.newUser();
        Admin.grant(user[0], "moe_mode", "moe_orchestrated");
        Admin.grant(user[0], "model_endpoint", "*@local");
        assertEquals(200, Admin.put(Admin.USERS + "/" + user[0], "{\"is_expert\":true}").statusCode());
        return user;
    }

    private void signIn(String username, String password) {
        web.open("/user/login");
        WebElement name = web.visible("login:username");
        web.screenshot("portal-login");
        name.sendKeys(username, Keys.TAB);
        web.driver.switchTo().activeElement().sendKeys(password, Keys.ENTER);
        web.wait.until(ExpectedConditions.urlContains("/user/dashboard"));
        web.waitForPage();
    }

    private void scrollTo(String id) {
        ((JavascriptExecutor) web.driver).executeScript("document.getElementById(arguments[0]).scrollIntoView()", id);
    }

    @Test
    void aUserMakesAKeyChatsInspectsRatesAndRevokes() {
        String[] user = expertUser();
        signIn(user[1], PortalBrowser.PASSWORD);
        assertEquals(List.of("Dashboard", "API keys", "Usage", "Billing", "My templates", "My coding-client profiles", "Profile"),
                web.driver.findElements(By.cssSelector("nav.sidenav a")).stream().map(WebElement::getText).toList());
        assertTrue(web.visible("meter-0").getText().contains("no limit"));
        web.assertEveryFieldHasALabel("/user/dashboard");
        web.screenshot("portal-dashboard");

        web.open("/user/keys");
        web.type("new-key:label", "laptop " + marker);
        web.click("new-key:create-key");
        String key = web.visible("raw-key").getAttribute("value");
        assertTrue(key.startsWith("moe-sk-"), key);
        web.wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("keys-form:keys"), "laptop " + marker));
        web.assertEveryFieldHasALabel("/user/keys");
        web.screenshot("portal-keys");
        web.click(By.xpath("//th[contains(@class,'ui-sortable-column')][contains(., 'Label')]")); // sorted in place
        web.wait.until(ExpectedConditions.attributeContains(By.xpath("//th[contains(@class,'ui-sortable-column')][contains(., 'Label')]"),
                "aria-sort", "ascending"));
        assertTrue(web.driver.getCurrentUrl().contains("/user/keys") && !web.driver.getPageSource().contains("could not be shown"),
                "sorting the table is no failure page");
        web.wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("keys-form:keys"), "laptop " + marker));

        rule = Simulator.addRule(Json.createObjectBuilder()
                .add("match", Json.createObjectBuilder().add("role", "planner").add("contains", marker))
                .add("action", Json.createObjectBuilder().add("content", Json.createArrayBuilder()
                        .add(Json.createObjectBuilder().add("task", "Explain the sorting " + marker).add("category", "general"))
                        .add(Json.createObjectBuilder().add("task", "Review the loop " + marker).add("category", "code_reviewer"))
                        .build().toString())).build());
        HttpResponse<String> answer = Http.post(ItConfig.orchestratorUrl() + "/v1/chat/completions",
                "{\"model\":\"moe-orchestrator\",\"messages\":[{\"role\":\"user\",\"content\":\"Explain how merge sort works and review my loop "
                        + marker + "\"}]}", "Authorization", Http.bearer(key), "Content-Type", "application/json");
        assertEquals(200, answer.statusCode(), answer.body());
        String responseId = Http.object(answer).getString("id");

        openInspector(responseId);
        By inspect = By.cssSelector("a[href$='/user/requests/" + responseId + "']");
        Instant listed = Instant.now().plusSeconds(30);
        do {
            web.open("/user/usage"); // the usage row is written a moment after the answer
        } while (web.driver.findElements(inspect).isEmpty() && Instant.now().isBefore(listed));
        web.visible(By.cssSelector("#daily-chart canvas"));
        web.assertEveryFieldHasALabel("/user/usage");
        web.screenshot("portal-usage");
        String usage = web.driver.findElement(By.id("main")).getText();
        assertTrue(usage.matches("(?s).*\\borchestrated\\b.*") && !usage.contains("moe_orchestrated"),
                "the routing mode in words: " + usage);
        assertTrue(usage.matches("(?s).*laptop " + marker + "\\s+" + key.substring(0, 16) + "….*"), "the request's key by its label and prefix: " + usage);
        WebElement modelFilter = web.visible(By.cssSelector("[id='rows-form:rows'] input.ui-column-filter"));
        modelFilter.sendKeys("no-such-model");
        web.wait.until(ExpectedConditions.invisibilityOfElementLocated(inspect)); // the column filter reaches the server
        modelFilter = web.visible(By.cssSelector("[id='rows-form:rows'] input.ui-column-filter"));
        modelFilter.clear();
        modelFilter.sendKeys("orchestrator");
        web.visible(inspect);
        scrollTo("rows-heading");
        web.screenshot("portal-usage-requests");
        web.click(inspect);
        web.visible("timeline");
        String plan = web.visible("plan").getText();
        assertTrue(plan.contains("Explain the sorting") && plan.contains("Review the loop"), plan);
        String experts = web.visible("experts").getText();
        assertTrue(experts.contains("code_reviewer") && experts.contains("general"), experts);
        assertTrue(experts.matches("(?s).*\\b(high|medium|low)\\b.*") && !experts.matches("(?s).*\\b(hoch|mittel|niedrig)\\b.*"),
                "confidence in the page's words, not the models' protocol: " + experts);
        assertTrue(web.visible("summary-confidence").getText().matches("(?s).*(high|medium|low|–).*"), web.visible("summary-confidence").getText());
        assertTrue(web.driver.findElements(By.cssSelector("#timeline li")).size() >= 2, "a timeline of the stages");
        String timeline = web.visible("timeline").getText();
        assertTrue(timeline.matches("(?s).*\\b1 model call · [\\d,]+ tokens.*") && timeline.contains("no model call")
                && !timeline.contains("call(s)"), "each stage's model calls in words: " + timeline);
        web.screenshot("portal-inspector");
        scrollTo("experts-heading");
        web.screenshot("portal-inspector-experts");
        web.driver.findElements(By.cssSelector("#rate\\:rating .ui-rating-star")).get(3).click();
        web.click("rate:rate-button");
        web.growl("Thank you");
        scrollTo("rate-heading");
        web.screenshot("portal-inspector-rated");

        web.open("/user/billing");
        String month = YearMonth.now(ZoneOffset.UTC).toString();
        assertTrue(web.visible("bills").getText().contains(month), "this month is billed for display");
        web.screenshot("portal-billing");

        web.open("/user/usage"); // a window whose last day lies before its first is refused beside the field
        // the days set as the calendar would set them, without opening it over the button
        ((JavascriptExecutor) web.driver).executeScript("document.getElementById('filters:from_input').value = '2026-03-10';"
                + "document.getElementById('filters:to_input').value = '2026-03-01';");
        web.click("filters:apply");
        web.growl("Filters not applied");
        web.wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("filters"), "the last day lies before the first"));
        assertFalse(web.driver.findElement(By.tagName("body")).getText().contains("incident"), "said beside the field, not a failure page");

        web.open("/user/no-such-page.xhtml"); // the failure page of the portal: a missing page, said plainly, no internals
        String missing = web.driver.findElement(By.tagName("body")).getText();
        assertTrue(missing.contains("Page not found"), missing);
        assertFalse(missing.contains("Exception") || missing.contains("/wlp/"), missing);
        web.screenshot("portal-page-not-found");

        web.open("/user/keys");
        web.click(By.cssSelector("button[aria-label^='Revoke key']"));
        web.confirm();
        web.growl("revoked");
        assertEquals(401, Http.get(ItConfig.orchestratorUrl() + "/v1/models", "Authorization", Http.bearer(key)).statusCode(),
                "a revoked key is refused");

        web.open("/user/profile");
        WebElement name = web.visible("details:name");
        name.clear();
        name.sendKeys("Portal Tester");
        web.click("details:save");
        web.growl("Profile saved");
        web.wait.until(org.openqa.selenium.support.ui.ExpectedConditions.textToBePresentInElementLocated(
                By.cssSelector("header .brand"), "Portal Tester")); // the top bar follows the saved name at once
        String moved = "moved-" + user[1] + "@example.org";
        web.type("details:email", moved);
        web.click("details:save");
        web.growl("Profile not saved");
        web.visible(By.xpath("//*[contains(@class,'ui-message-error')][contains(., 'enter your current password')]")); // at the field
        web.screenshot("portal-profile-new-address");
        assertEquals(user[1] + "@example.org", Http.object(Admin.get(Admin.USERS + "/" + user[0])).getString("email"));
        web.type("details:current", PortalBrowser.PASSWORD);
        web.click("details:save");
        web.growl("Profile saved");
        assertEquals(moved, Http.object(Admin.get(Admin.USERS + "/" + user[0])).getString("email"));
        web.type("password:current", PortalBrowser.PASSWORD);
        web.type("password:next", "another-long-password-2");
        web.click("password:change-password");
        web.visible("password-changed");
        assertTrue(web.driver.findElement(By.cssSelector("header .brand")).getText().contains("Portal Tester"));
        web.assertEveryFieldHasALabel("/user/profile");
        web.screenshot("portal-profile");
        assertEquals(200, new PortalBrowser().signIn(user[1], PortalBrowser.PASSWORD).statusCode(),
                "the old password no longer signs in (the form is shown again)");
    }

    @Test
    void guessingTheCurrentPasswordInAnOpenSessionIsStoppedAfterFiveTries() {
        String[] user = expertUser();
        signIn(user[1], PortalBrowser.PASSWORD);
        web.open("/user/profile");
        for (int i = 0; i < 5; i++) {
            web.type("password:current", "a-wrong-guess-" + i);
            web.type("password:next", "another-long-password-2");
            web.click("password:change-password");
            web.visible(By.xpath("//*[contains(@class,'ui-message-error')][contains(., 'current password is not right')]"));
        }
        web.type("password:current", PortalBrowser.PASSWORD); // right, but no longer checked
        web.type("password:next", "another-long-password-2");
        web.click("password:change-password");
        web.visible(By.xpath("//*[contains(@class,'ui-message-error')][contains(., 'try again in')]"));
        web.screenshot("portal-profile-guessing-stopped");
        assertEquals(302, new PortalBrowser().signIn(user[1], PortalBrowser.PASSWORD).statusCode(),
                "the password stayed as it was, and signing in is not locked by the guesses");
    }

    private static boolean noPartialDownloads(Path dir) {
        try (var files = Files.list(dir)) {
            return files.noneMatch(f -> f.toString().endsWith(".crdownload"));
        } catch (IOException e) {
            return false;
        }
    }

    private void openInspector(String responseId) {
        Instant deadline = Instant.now().plusSeconds(30);
        do {
            web.open("/user/requests/" + responseId);
        } while (web.driver.findElements(By.id("timeline")).isEmpty() && Instant.now().isBefore(deadline));
        web.visible("timeline");
    }

    @Test
    void anExpertKeepsOwnTemplatesAndProfilesInThePages() throws IOException {
        String[] user = expertUser();
        String key = Admin.newKey(user[0])[1];
        HttpResponse<String> team = Admin.post(ItConfig.adminUrl() + "/api/expert-templates", OwnTemplatesIT.template(marker + "-team"));
        assertEquals(201, team.statusCode(), team.body());
        String teamId = Http.object(team).getString("id");
        Admin.grant(user[0], "expert_template", "tmpl-" + teamId);
        Path downloads = Files.createTempDirectory(Path.of("target"), "portal-downloads");
        ((ChromeDriver) web.driver).executeCdpCommand("Browser.setDownloadBehavior",
                Map.of("behavior", "allow", "downloadPath", downloads.toAbsolutePath().toString()));
        try {
            signIn(user[1], PortalBrowser.PASSWORD);
            web.open("/user/templates");
            web.click("list-form:new");
            WebElement json = web.visible("editor:json");
            String text = json.getAttribute("value");
            assertTrue(text.contains("\"my-template\"") && text.contains("@local"), text);
            String granted = web.visible("granted-models").getText();
            assertTrue(granted.contains("sim-general:8b@local") && granted.contains("sim-judge:32b@local"),
                    "the *@local grant, expanded to the server's models, beside the editor: " + granted);
            json.clear();
            json.sendKeys(text.replace("my-template", marker + "-t"));
            web.click("editor:save");
            web.growl("saved");
            web.wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("list-form:items"), marker + "-t"));
            // a saved item closes the editor (it stayed on screen as "New template", with the saved JSON in it)
            web.wait.until(ExpectedConditions.invisibilityOfElementLocated(By.id("editor:json")));
            assertEquals(200, OwnTemplatesIT.chat(key, marker + "-t").statusCode(), "the new template answers by its name");

            web.click(By.cssSelector("button[aria-label='Deactivate " + marker + "-t']"));
            web.wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("list-form:items"), "inactive"));
            assertEquals(404, OwnTemplatesIT.chat(key, marker + "-t").statusCode(), "an inactive template is not selectable");

            new Select(web.driver.findElement(By.id("copy:source"))).selectByVisibleText(marker + "-team");
            web.click("copy:copy-button");
            web.growl("Copied as");
            web.wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("list-form:items"), marker + "-team"));
            web.assertEveryFieldHasALabel("/user/templates");
            web.screenshot("portal-templates");

            web.click("export");
            Path exported = downloads.resolve("expert_templates_user.json");
            web.wait.until(d -> Files.exists(exported) && exported.toFile().length() > 0 && noPartialDownloads(downloads));
            assertTrue(Files.readString(exported).contains(marker + "-t"), "the export holds the template");
            web.click(By.cssSelector("button[aria-label='Delete " + marker + "-t']"));
            web.confirm();
            web.growl("deleted");
            web.driver.findElement(By.cssSelector("#import input[type=file]")).sendKeys(exported.toAbsolutePath().toString());
            web.click("import:import-button");
            web.wait.until(ExpectedConditions.textToBe(By.id("imported"), "1"));
            web.wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("list-form:items"), marker + "-t"));
            new org.openqa.selenium.support.ui.Select(web.visible("import:mode")).selectByValue("replace"); // overwriting asks first
            web.waitForAjax();
            web.driver.findElement(By.cssSelector("#import input[type=file]")).sendKeys(exported.toAbsolutePath().toString());
            web.click("import:import-button");
            web.wait.until(ExpectedConditions.textToBePresentInElementLocated(By.cssSelector(".ui-confirm-dialog"),
                    "Overwrite your items of the same name?"));
            web.confirm();
            web.growl("Import done");
            web.wait.until(ExpectedConditions.textToBe(By.id("skipped"), "0")); // replaced, not skipped as in a merge

            web.click("list-form:new");
            WebElement broken = web.visible("editor:json");
            broken.clear();
            broken.sendKeys("{\"name\":\"" + marker + "-bad\",\"planner_model\":\"nope\"}");
            web.click("editor:save");
            web.wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("editor"), "planner_model"));
            assertFalse(web.driver.findElement(By.id("editor")).getText().contains("planner_model: planner_model"),
                    "the message names its field once");
            String refusal = web.driver.findElement(By.id("editor")).getText();
            assertTrue(refusal.contains("planner_model: 'nope' is not <model>:<tag>@<server>, e.g. qwen2.5:14b@gpu1"), refusal);
            assertFalse(refusal.contains("model reference of the form"), "the form is said once: " + refusal);
            web.screenshot("portal-templates-refused");
        } finally {
            Admin.delete(ItConfig.adminUrl() + "/api/expert-templates/" + teamId);
        }

        web.open("/user/cc-profiles");
        web.click("list-form:new");
        WebElement profile = web.visible("editor:json");
        String profileText = profile.getAttribute("value");
        profile.clear();
        profile.sendKeys(profileText.replace("my-profile", marker + "-p"));
        web.click("editor:save");
        web.wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("list-form:items"), marker + "-p"));
        web.assertEveryFieldHasALabel("/user/cc-profiles");
        web.screenshot("portal-cc-profiles");

        web.open("/user/keys");
        assertTrue(web.visible("new-key:profile").getText().contains(marker + "-p"), "a key can be bound to the own profile");

        // an admin takes the role away: the owner still sees, deactivates and deletes what they made, and writes nothing new
        assertEquals(200, Admin.put(Admin.USERS + "/" + user[0], "{\"is_expert\":false}").statusCode());
        web.open("/user/templates");
        assertTrue(web.visible("not-allowed").getText().contains("You can still export, deactivate and delete"));
        web.wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("list-form:items"), marker + "-t"));
        assertTrue(web.driver.findElements(By.id("list-form:new")).isEmpty(), "no new template");
        assertTrue(web.driver.findElements(By.id("import")).isEmpty(), "no import");
        web.click(By.cssSelector("button[aria-label='Deactivate " + marker + "-t']"));
        web.growl("deactivated");
        web.wait.until(ExpectedConditions.invisibilityOfElementLocated(By.cssSelector("button[aria-label='Deactivate " + marker + "-t']")));
        assertTrue(web.driver.findElements(By.cssSelector("button[aria-label='Activate " + marker + "-t']")).isEmpty(),
                "activating is an author's right");
        web.screenshot("portal-templates-former-expert");
        web.click(By.cssSelector("button[aria-label='Delete " + marker + "-t']"));
        web.confirm();
        web.growl("deleted");
        web.wait.until(ExpectedConditions.invisibilityOfElementLocated(By.cssSelector("button[aria-label='Delete " + marker + "-t']")));
        assertTrue(web.driver.findElement(By.id("list-form:items")).getText().contains(marker + "-team"), "the other one stays");
    }

    @Test
    void anotherUsersAnswerIs404AndAMemberIsToldWhyThereAreNoOwnTemplates() {
        PortalBrowser owner = PortalBrowser.signedInAsNewUser();
        Admin.grant(owner.userId, "moe_mode", "moe_orchestrated");
        String key = Admin.newKey(owner.userId)[1];
        HttpResponse<String> answer = Http.post(ItConfig.orchestratorUrl() + "/v1/chat/completions",
                "{\"model\":\"moe-orchestrator\",\"messages\":[{\"role\":\"user\",\"content\":\"Hello " + marker + "\"}]}",
                "Authorization", Http.bearer(key), "Content-Type", "application/json");
        String id = Http.object(answer).getString("id");
        Poll.until(() -> owner.get("/user/requests/" + id).statusCode(), status -> status == 200, Duration.ofSeconds(30),
                "the owner sees the answer (its record is written after the answer)");

        String[] stranger = PortalBrowser.newUser();
        signIn(stranger[1], PortalBrowser.PASSWORD);
        web.open("/user/requests/" + id);
        web.visible("not-found");
        assertFalse(web.driver.getPageSource().contains("Hello " + marker));
        assertEquals(404, PortalBrowser.signedInAsNewUser().get("/user/requests/" + id).statusCode());
        web.screenshot("portal-inspector-not-found");

        web.open("/user/templates");
        assertTrue(web.visible("not-allowed").getText().contains("expert"));
    }
}
