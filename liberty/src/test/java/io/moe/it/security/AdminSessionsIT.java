package io.moe.it.security;

import io.moe.it.Http;
import io.moe.it.ItConfig;
import io.moe.it.identity.Admin;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An admin's browser session lasts only while the account is an active admin with the password it signed
 * in with: every page and JSON request checks again, and a session that no longer stands is ended. The last
 * active admin cannot be demoted, deactivated or deleted.
 */
class AdminSessionsIT {

    private static final String PASSWORD = "the-right-password-1";

    /** A new admin: [id, username]. */
    private static String[] newAdmin() {
        String name = "s" + UUID.randomUUID().toString().substring(0, 10);
        HttpResponse<String> created = Admin.post(Admin.USERS, "{\"username\":\"" + name + "\",\"email\":\"" + name
                + "@example.org\",\"password\":\"" + PASSWORD + "\",\"is_admin\":true}");
        assertEquals(201, created.statusCode(), created.body());
        return new String[]{Http.object(created).getString("id"), name};
    }

    private static AdminBrowser signedIn(String username) {
        AdminBrowser browser = new AdminBrowser();
        RawHttp.Reply reply = browser.signIn(username, PASSWORD);
        assertEquals(302, reply.status(), reply.toString());
        assertEquals(200, browser.get("/users.xhtml").status(), "the session shows the users page");
        return browser;
    }

    @Test
    void signingInUnderASessionIdThePortalIssuedGetsANewOne() {
        String planted = io.moe.it.portal.PortalBrowser.signedInAsNewUser().sessionId(); // someone's own portal session
        assertNotNull(planted);
        AdminBrowser victim = new AdminBrowser();
        victim.plant(planted); // a cookie planted in an admin's browser (same host, path /)
        String[] admin = newAdmin();

        assertEquals(302, victim.signIn(admin[1], PASSWORD).status());

        assertNotEquals(planted, victim.sessionId(), "the admin's session does not take the planted id");
        assertEquals(200, victim.get("/users.xhtml").status(), "and it stands under its own");
    }

    @Test
    void aDemotedAdminLosesTheUsersPageAtTheNextRequest() {
        String[] admin = newAdmin();
        AdminBrowser browser = signedIn(admin[1]);
        assertEquals(200, Admin.put(Admin.USERS + "/" + admin[0], "{\"is_admin\":false}").statusCode());

        RawHttp.Reply page = browser.get("/users.xhtml");
        assertTrue(page.redirectsToSignIn(), "the demoted admin is sent to sign in: " + page);
        assertEquals(401, browser.get("/api/users").status(), "and the session is gone");
    }

    @Test
    void aDeactivatedAdminLosesTheSessionOnPagesAndTheApi() {
        String[] admin = newAdmin();
        AdminBrowser browser = signedIn(admin[1]);
        assertEquals(200, browser.get("/api/users").status());
        assertEquals(200, Admin.delete(Admin.USERS + "/" + admin[0]).statusCode());

        RawHttp.Reply api = browser.get("/api/users");
        assertEquals(401, api.status(), api.toString());
        assertTrue(api.body().contains("session_expired"), api.body());
        assertTrue(browser.get("/index.xhtml").redirectsToSignIn());
    }

    @Test
    void aSessionEndedByDeactivationStaysEndedWhenTheAccountIsReactivated() {
        String[] admin = newAdmin();
        AdminBrowser browser = signedIn(admin[1]);
        assertEquals(200, Admin.delete(Admin.USERS + "/" + admin[0]).statusCode());
        assertEquals(200, Admin.put(Admin.USERS + "/" + admin[0], "{\"is_active\":true}").statusCode());

        RawHttp.Reply api = browser.get("/api/users");
        assertEquals(401, api.status(), "the session of before the deactivation does not come back: " + api);
        assertTrue(browser.get("/users.xhtml").redirectsToSignIn());
        assertEquals(302, new AdminBrowser().signIn(admin[1], PASSWORD).status(), "the reactivated admin signs in again");
    }

    @Test
    void aSessionEndedByDemotionStaysEndedWhenTheRightsComeBack() {
        String[] admin = newAdmin();
        AdminBrowser browser = signedIn(admin[1]);
        assertEquals(200, Admin.put(Admin.USERS + "/" + admin[0], "{\"is_admin\":false}").statusCode());
        assertEquals(200, Admin.put(Admin.USERS + "/" + admin[0], "{\"is_admin\":true}").statusCode());

        assertTrue(browser.get("/users.xhtml").redirectsToSignIn(), "the session of before the demotion does not come back");
    }

    @Test
    void theLogSocketDoesNotOpenFromAnotherSiteOnAnAdminsSession() {
        String[] admin = newAdmin();
        AdminBrowser browser = signedIn(admin[1]);

        RawHttp.Reply crossSite = browser.socketHandshake("/api/monitoring/logs/socket?level=all", "https://evil.example");
        assertEquals(403, crossSite.status(), "a page of another site cannot ride the admin's cookie: " + crossSite);
        assertTrue(crossSite.body().contains("cross_site"), crossSite.body());
        RawHttp.Reply signedOut = new AdminBrowser().socketHandshake("/api/monitoring/logs/socket?level=all", ItConfig.adminUrl());
        assertEquals(401, signedOut.status(), signedOut.toString());
    }

    @Test
    void aPasswordChangeEndsTheSessionsStartedWithTheOldPassword() {
        String[] admin = newAdmin();
        AdminBrowser browser = signedIn(admin[1]);
        String csrf = browser.csrfToken();
        assertEquals(200, Admin.put(Admin.USERS + "/" + admin[0], "{\"password\":\"a-new-password-22\"}").statusCode());

        RawHttp.Reply api = browser.json("POST", "/api/users", "{}", csrf);
        assertEquals(401, api.status(), "the old session can change nothing: " + api);
        assertTrue(browser.get("/users.xhtml").redirectsToSignIn(), "nor read the pages");
        AdminBrowser again = new AdminBrowser();
        assertEquals(302, again.signIn(admin[1], "a-new-password-22").status(), "the new password signs in");
        assertEquals(200, again.get("/users.xhtml").status());
    }

    @Test
    void theLastActiveAdminCannotBeDemotedDeactivatedOrDeleted() {
        String self = Http.object(Admin.get(Admin.USERS)).getJsonArray("users").stream().map(JsonValue::asJsonObject)
                .filter(u -> u.getString("username").equals("admin")).findFirst().orElseThrow().getString("id");
        // Leave the first admin (whose key the tests use) as the only active admin.
        for (JsonObject user : Http.object(Admin.get(Admin.USERS)).getJsonArray("users").getValuesAs(JsonObject.class)) {
            if (!user.getString("id").equals(self) && user.getInt("is_admin") == 1 && user.getInt("is_active") == 1) {
                HttpResponse<String> demoted = Admin.put(Admin.USERS + "/" + user.getString("id"), "{\"is_admin\":false}");
                assertEquals(200, demoted.statusCode(), demoted.body());
            }
        }
        for (HttpResponse<String> refused : new HttpResponse[]{
                Admin.put(Admin.USERS + "/" + self, "{\"is_admin\":false}"),
                Admin.put(Admin.USERS + "/" + self, "{\"is_active\":false}"),
                Admin.delete(Admin.USERS + "/" + self)}) {
            assertEquals(409, refused.statusCode(), refused.body());
            assertTrue(refused.body().contains("last_admin") && refused.body().contains("last active admin"), refused.body());
        }
        assertEquals(200, Admin.get(Admin.USERS).statusCode(), "the first admin is still an admin");

        String[] second = newAdmin();
        assertEquals(200, Admin.put(Admin.USERS + "/" + second[0], "{\"is_admin\":false}").statusCode(),
                "with another active admin, demoting one is fine");
    }
}
