package io.moe.it.portal;

import io.moe.it.Http;
import io.moe.it.ItConfig;
import io.moe.it.identity.Admin;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The portal's password sign-in: any active user, a new session id at sign-in, the admin sign-in's
 * throttling, sign-out, and a session that ends when the account is blocked. A portal session is no admin
 * session.
 */
class PortalSignInIT {

    private static boolean toSignIn(HttpResponse<String> reply) {
        return reply.statusCode() == 302 && reply.headers().firstValue("Location").orElse("").endsWith("/user/login");
    }

    @Test
    void aUserSignsInWithThePasswordUnderANewSessionIdAndSignsOut() {
        String[] user = PortalBrowser.newUser();
        PortalBrowser browser = new PortalBrowser();
        assertTrue(toSignIn(browser.get("/user/dashboard")), "a stranger goes to the sign-in page");
        assertTrue(toSignIn(browser.get("/user/")), "the portal's root too");
        assertEquals(200, browser.get("/user/login").statusCode());
        String before = browser.sessionId();
        assertNull(before, "showing the sign-in form starts no session: it is a stateless view");

        HttpResponse<String> signedIn = browser.signIn(user[1], PortalBrowser.PASSWORD);
        assertEquals(302, signedIn.statusCode(), signedIn.body());
        assertTrue(signedIn.headers().firstValue("Location").orElse("").endsWith("/user/dashboard"));
        assertNotNull(browser.sessionId(), "sign-in starts the session (a planted id is not taken: AdminSessionsIT)");

        HttpResponse<String> dashboard = browser.get("/user/dashboard");
        assertEquals(200, dashboard.statusCode());
        assertTrue(dashboard.body().contains(user[1]), dashboard.body());
        assertTrue(dashboard.headers().firstValue("Content-Security-Policy").orElse("").contains("frame-ancestors 'none'"));
        assertTrue(browser.get("/user/").headers().firstValue("Location").orElse("").endsWith("/user/dashboard"));
        assertEquals(401, browser.get("/api/users").statusCode(), "a portal session is no admin session");

        HttpResponse<String> signedOut = browser.get("/user/logout");
        assertTrue(toSignIn(signedOut), "sign-out goes to the sign-in page: " + signedOut.statusCode());
        assertTrue(toSignIn(browser.get("/user/dashboard")), "the session is gone");
    }

    @Test
    void aPageOfAnEarlierSignInCannotWriteIntoTheNextOnesAccount() {
        PortalBrowser browser = PortalBrowser.signedInAsNewUser(); // A, who leaves the profile page open
        java.util.regex.Matcher viewState = java.util.regex.Pattern.compile("name=\"jakarta.faces.ViewState\"[^>]*value=\"([^\"]+)\"")
                .matcher(browser.get("/user/profile").body());
        assertTrue(viewState.find(), "the profile form");
        String[] next = PortalBrowser.newUser(); // B signs in on the same browser without A signing out
        assertEquals(302, browser.signIn(next[1], PortalBrowser.PASSWORD).statusCode());

        java.util.Map<String, String> save = new java.util.LinkedHashMap<>(); // A's page, Back and Save
        save.put("details", "details");
        save.put("details:name", "Written from an earlier sign-in's page");
        save.put("details:email", next[1] + "@example.org");
        save.put("details:zone_input", "UTC");
        save.put("details:save", "");
        save.put("jakarta.faces.ViewState", viewState.group(1));
        browser.postForm("/user/profile.xhtml", save);

        JsonObject account = Http.object(Admin.get(Admin.USERS + "/" + next[0]));
        assertNotEquals("Written from an earlier sign-in's page", account.getString("display_name"),
                "the earlier sign-in's page state ended with it");
    }

    @Test
    void aPageRequestWithoutASessionIsSentToSignInInTheFormThePagesScriptFollows() {
        HttpResponse<String> plain = Http.get(ItConfig.adminUrl() + "/user/keys");
        assertEquals(302, plain.statusCode());
        assertTrue(plain.headers().firstValue("Location").orElse("").endsWith("/user/login"), plain.headers().toString());

        // a button or a table's paging on a page whose session ended meanwhile
        HttpResponse<String> ajax = Http.post(ItConfig.adminUrl() + "/user/keys.xhtml", "", "Faces-Request", "partial/ajax");
        assertEquals(200, ajax.statusCode(), ajax.body());
        assertTrue(ajax.body().contains("<partial-response><redirect url=\"/user/login\">"), ajax.body());
        HttpResponse<String> admin = Http.post(ItConfig.adminUrl() + "/users.xhtml", "", "Faces-Request", "partial/ajax");
        assertTrue(admin.body().contains("<partial-response><redirect url=\"/login.xhtml\">"), "the admin pages alike: " + admin.body());
    }

    @Test
    void aWrongPasswordStartsNoSession() {
        String[] user = PortalBrowser.newUser();
        PortalBrowser browser = new PortalBrowser();
        HttpResponse<String> failed = browser.signIn(user[1], "not-the-password");
        assertEquals(200, failed.statusCode());
        assertTrue(failed.body().contains("Sign-in failed"), failed.body());
        assertTrue(toSignIn(browser.get("/user/dashboard")));
    }

    @Test
    void fiveWrongPasswordsLockThatUsernameFromThisAddressForAWhile() {
        String[] user = PortalBrowser.newUser();
        PortalBrowser browser = new PortalBrowser();
        for (int i = 0; i < 5; i++) {
            assertTrue(browser.signIn(user[1], "a-wrong-password-" + i).body().contains("Sign-in failed"));
        }
        HttpResponse<String> locked = browser.signIn(user[1], PortalBrowser.PASSWORD);
        assertTrue(locked.body().contains("Too many failed sign-ins"), "even the right password waits: " + locked.body());
        assertTrue(toSignIn(browser.get("/user/dashboard")), "no session was started");
    }

    @Test
    void aBlockedUsersSessionEndsAtItsNextRequest() {
        PortalBrowser browser = PortalBrowser.signedInAsNewUser();
        assertEquals(200, browser.get("/user/dashboard").statusCode());
        assertEquals(200, Admin.delete(ItConfig.adminUrl() + "/api/users/" + browser.userId).statusCode());
        assertTrue(toSignIn(browser.get("/user/dashboard")), "a blocked user is signed out");
    }

    @Test
    void aPasswordChangeEndsTheSession() {
        PortalBrowser browser = PortalBrowser.signedInAsNewUser();
        assertEquals(200, Admin.put(ItConfig.adminUrl() + "/api/users/" + browser.userId,
                "{\"password\":\"another-long-password-2\"}").statusCode());
        assertTrue(toSignIn(browser.get("/user/dashboard")), "the old password's session ends");
    }
}
