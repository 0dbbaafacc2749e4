package io.moe.it.adminweb;

import io.moe.it.identity.Admin;
import io.moe.it.skills.SkillUpstreamRepo;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;

import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * /skills: an admin writes a new skill in the editor, disables it, pulls the upstream repository, sees which of its
 * skills are new, and imports one; the API then has both.
 */
class SkillsPageIT {

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
    void anAdminWritesDisablesAndImportsSkills() throws Exception {
        String name = "page-" + UUID.randomUUID().toString().substring(0, 8);
        String upstream = "page-up-" + UUID.randomUUID().toString().substring(0, 6);
        SkillUpstreamRepo.publish(Map.of("skills/" + upstream + ".md",
                "---\nname: " + upstream + "\ndescription: From upstream\n---\nAn upstream prompt: $ARGUMENTS\n"));
        web.signInAsAdmin();
        web.open("/skills");
        web.click("skills-form:new");
        web.type("skill-editor:name", name);
        WebElement markdown = web.visible("skill-editor:markdown");
        markdown.clear();
        markdown.sendKeys("---\nname: " + name + "\ndescription: Written in the browser\n---\nSay it twice: $ARGUMENTS\n");
        web.assertEveryFieldHasALabel("/skills");
        web.screenshot("skills-editor");
        web.click("skill-editor:save");
        web.growl("Skill /" + name + " saved");
        By row = By.xpath("//*[@id='skills-form:skills']//tbody/tr[.//code[text()='/" + name + "']]");
        assertTrue(web.visible(row).getText().contains("Written in the browser"));

        web.click(By.cssSelector("button[aria-label='Disable /" + name + "']"));
        web.growl("Skill /" + name + " disabled");
        assertTrue(web.visible(row).getText().contains("inactive"));

        // a new skill with the name of one that exists is refused, not written over it
        web.click("skills-form:new");
        web.type("skill-editor:name", name);
        WebElement other = web.visible("skill-editor:markdown");
        other.clear();
        other.sendKeys("---\nname: " + name + "\ndescription: A second one\n---\nOverwritten: $ARGUMENTS\n");
        web.click("skill-editor:save");
        web.growl("Skill not saved");
        web.wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("skill-editor"), "exists"));
        web.click("skill-editor:cancel");
        assertTrue(web.visible(row).getText().contains("Written in the browser"), "the first skill is kept");

        web.click("upstream-form:pull");
        web.growl("The upstream has");
        By upstreamRow = By.xpath("//*[@id='upstream-form:upstream']//tbody/tr[.//code[text()='/" + upstream + "']]");
        assertTrue(web.visible(upstreamRow).getText().contains("new"), web.visible(upstreamRow).getText());
        web.screenshot("skills");
        web.click(By.cssSelector("button[aria-label='Import /" + upstream + "']"));
        web.growl("Imported /" + upstream);
        web.wait.until(d -> d.findElement(upstreamRow).getText().contains("same")); // the row follows the import

        assertEquals(200, Admin.get(SkillsApi.URL + "/" + upstream).statusCode(), "imported through the same service as the API");
        assertEquals(false, io.moe.it.Http.object(Admin.get(SkillsApi.URL + "/" + name)).getBoolean("active"));
        Admin.delete(SkillsApi.URL + "/" + name);
        Admin.delete(SkillsApi.URL + "/" + upstream);
    }

    /** Where the skills API is. */
    private static final class SkillsApi {
        static final String URL = io.moe.it.ItConfig.adminUrl() + "/api/skills";
    }
}
