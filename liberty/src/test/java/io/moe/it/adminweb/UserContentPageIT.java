package io.moe.it.adminweb;

import io.moe.it.Http;
import io.moe.it.ItConfig;
import io.moe.it.identity.Admin;
import io.moe.it.portal.OwnTemplatesIT;
import io.moe.it.portal.PortalBrowser;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.support.ui.ExpectedConditions;

import java.net.http.HttpResponse;
import java.util.List;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * /user-content and /api/admin/user-templates: an admin sees every user's own templates with their owner, views one
 * and deletes it (the owner then no longer has it); a user's key gets no list; an unknown id is 404.
 */
class UserContentPageIT {

    static final String API = ItConfig.adminUrl() + "/api/admin/user-templates";
    private AdminWeb web;

    @BeforeEach
    void browser() {
        web = AdminWeb.start();
    }

    @AfterEach
    void close() {
        web.close();
    }

    private static List<String> ownNames(PortalBrowser owner) {
        HttpResponse<String> r = owner.json("GET", OwnTemplatesIT.API, null);
        assertEquals(200, r.statusCode(), r.body());
        return Http.object(r).getJsonArray("templates").getValuesAs(JsonObject.class).stream().map(t -> t.getString("name")).toList();
    }

    @Test
    void theApiListsEveryUsersTemplatesWithTheirOwnerAndDeletesOne() {
        PortalBrowser owner = OwnTemplatesIT.expert();
        String name = "uc-api-" + UUID.randomUUID().toString().substring(0, 8);
        HttpResponse<String> created = owner.json("POST", OwnTemplatesIT.API, OwnTemplatesIT.template(name));
        assertEquals(201, created.statusCode(), created.body());
        String id = Http.object(created).getString("id");

        HttpResponse<String> listed = Admin.get(API);
        assertEquals(200, listed.statusCode(), listed.body());
        JsonObject mine = Http.object(listed).getJsonArray("templates").getValuesAs(JsonObject.class).stream()
                .filter(t -> t.getString("id").equals(id)).findFirst().orElseThrow(() -> new AssertionError(listed.body()));
        assertEquals(owner.userId, mine.getString("user_id"));
        assertFalse(mine.getString("username").isBlank(), mine.toString());
        int total = Http.object(listed).getInt("total");
        assertEquals(total, Http.object(listed).getJsonArray("templates").size(), "fewer than 1,000: one answer lists them all");
        JsonObject last = Http.object(Admin.get(API + "?offset=" + (total - 1) + "&limit=5"));
        assertEquals(1, last.getJsonArray("templates").size(), last.toString());
        assertEquals(total, last.getInt("total"));
        assertEquals(Http.object(listed).getJsonArray("templates").get(total - 1), last.getJsonArray("templates").get(0), "the same order");
        for (String bad : new String[]{"limit=0", "limit=1001", "offset=-1", "offset=x"}) {
            HttpResponse<String> refused = Admin.get(API + "?" + bad);
            assertEquals(400, refused.statusCode(), bad + ": " + refused.body());
        }

        String userKey = Admin.newKey(owner.userId)[1];
        int stranger = Http.get(API, "Authorization", Http.bearer(userKey)).statusCode();
        assertTrue(stranger == 401 || stranger == 403, "a user's key lists nothing: " + stranger);
        int strangerDelete = Http.delete(API + "/" + id, "Authorization", Http.bearer(userKey)).statusCode();
        assertTrue(strangerDelete == 401 || strangerDelete == 403, "a user's key deletes nothing: " + strangerDelete);

        assertEquals(200, Admin.delete(API + "/" + id).statusCode());
        assertFalse(ownNames(owner).contains(name), "the owner no longer has it");
        assertEquals(404, Admin.delete(API + "/" + id).statusCode(), "gone");
    }

    @Test
    void anAdminViewsAndDeletesAUsersTemplateOnThePage() {
        PortalBrowser owner = OwnTemplatesIT.expert();
        String name = "uc-page-" + UUID.randomUUID().toString().substring(0, 8);
        assertEquals(201, owner.json("POST", OwnTemplatesIT.API, OwnTemplatesIT.template(name)).statusCode());
        web.signInAsAdmin();
        web.open("/user-content");
        By row = By.xpath("//*[@id='content-form:templates']//tbody/tr[.//code[text()='" + name + "']]");
        assertTrue(web.visible(row).getText().contains("active"), web.visible(row).getText());
        web.click(By.xpath("//button[starts-with(@aria-label,'View " + name + " of')]"));
        assertTrue(web.visible(By.cssSelector("pre.template-json")).getText().contains("sim-general:8b"));
        web.assertEveryFieldHasALabel("/user-content");
        web.screenshot("user-content");
        web.driver.findElement(By.cssSelector("#shown-dialog .ui-dialog-titlebar-close")).click();
        web.wait.until(ExpectedConditions.invisibilityOfElementLocated(By.cssSelector("pre.template-json")));
        web.click(By.xpath("//button[starts-with(@aria-label,'Delete " + name + " of')]"));
        web.confirm();
        web.growl("Template " + name + " of");
        web.wait.until(ExpectedConditions.invisibilityOfElementLocated(row));
        assertFalse(ownNames(owner).contains(name), "deleted through the same service as the owner's portal");
    }
}
