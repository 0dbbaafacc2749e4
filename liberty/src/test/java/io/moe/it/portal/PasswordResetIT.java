package io.moe.it.portal;

import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.GreenMailUtil;
import com.icegreen.greenmail.util.ServerSetup;
import io.moe.it.Http;
import io.moe.it.ItConfig;
import io.moe.it.adminweb.AdminWeb;
import io.moe.it.identity.Admin;
import jakarta.json.JsonObject;
import jakarta.mail.internet.MimeMessage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.support.ui.ExpectedConditions;

import java.net.URI;
import java.net.http.HttpResponse;
import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Password reset by a one-time link, in a real browser, with a real SMTP server (GreenMail) that the test server
 * sends to: an admin issues a link and the user sets a new password with it (once; a newer link replaces an older
 * one); a user asks on /user/forgot and gets the link by e-mail; the answer is the same for an unknown name.
 */
class PasswordResetIT {

    private static final Pattern LINK = Pattern.compile("(http\\S+/user/reset\\?token=[0-9a-f]{64})");
    private static GreenMail smtp;
    private AdminWeb web;

    @BeforeAll
    static void startSmtp() {
        smtp = new GreenMail(new ServerSetup(Integer.parseInt(System.getProperty("moe.it.smtp-port", "12525")), "127.0.0.1", "smtp"));
        smtp.start();
    }

    @AfterAll
    static void stopSmtp() {
        smtp.stop();
    }

    @BeforeEach
    void browser() {
        web = AdminWeb.start();
    }

    @AfterEach
    void close() {
        web.close();
    }

    private static String issue(String userId, boolean email) {
        HttpResponse<String> r = Admin.post(Admin.USERS + "/" + userId + "/password-reset", "{\"send_email\":" + email + "}");
        assertEquals(201, r.statusCode(), r.body());
        JsonObject link = Http.object(r);
        assertEquals(email, link.getBoolean("emailed"));
        return link.getString("url");
    }

    /** Opens the link and sets {@code password}; true when the page went on to the sign-in page. */
    private void setPassword(String url, String password) {
        web.driver.get(ItConfig.adminUrl() + URI.create(url).getRawPath() + "?" + URI.create(url).getRawQuery());
        web.type("reset:password", password);
        web.click("reset:save");
        web.wait.until(ExpectedConditions.urlContains("/user/login?reset=done"));
        web.visible("reset-done");
    }

    private static String recipients(MimeMessage message) {
        try {
            return GreenMailUtil.getAddressList(message.getAllRecipients());
        } catch (jakarta.mail.MessagingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static boolean signsIn(String username, String password) {
        return new PortalBrowser().signIn(username, password).statusCode() == 302;
    }

    @Test
    void anAdminIssuesAOneTimeLinkAndTheUserSetsANewPasswordWithIt() {
        String[] user = PortalBrowser.newUser();
        String older = issue(user[0], false);
        String link = issue(user[0], false);
        web.driver.get(older);
        web.visible("invalid");
        assertTrue(web.driver.findElements(By.id("reset:password")).isEmpty(), "a newer link replaced the older one");

        setPassword(link, "a-brand-new-password-1");
        web.screenshot("portal-password-reset-done");
        assertTrue(signsIn(user[1], "a-brand-new-password-1"), "the new password signs in");
        assertFalse(signsIn(user[1], PortalBrowser.PASSWORD), "the old one no longer does");
        web.driver.get(link);
        web.visible("invalid");
        web.screenshot("portal-password-reset-used");

        String beforeAChange = issue(user[0], false);
        assertEquals(200, Admin.put(Admin.USERS + "/" + user[0], "{\"password\":\"another-new-password-2\"}").statusCode());
        web.driver.get(beforeAChange);
        web.visible("invalid"); // a link out there (a chat, an old mailbox) must not outlive a password change

        HttpResponse<String> unknown = Admin.post(Admin.USERS + "/no-such-user/password-reset", "{}");
        assertEquals(404, unknown.statusCode(), unknown.body());
    }

    @Test
    void aUserAsksForALinkByEmailAndSetsANewPassword() throws Exception {
        String[] user = PortalBrowser.newUser();
        int before = smtp.getReceivedMessages().length;
        web.open("/user/login");
        web.click("forgot");
        web.type("forgot:name", user[1]);
        web.assertEveryFieldHasALabel("/user/forgot");
        web.screenshot("portal-forgot");
        web.click("forgot:send");
        String answer = web.visible("requested").getText();
        assertTrue(smtp.waitForIncomingEmail(20_000, before + 1), "the mail arrives at the SMTP server");
        MimeMessage mail = Arrays.stream(smtp.getReceivedMessages()).skip(before)
                .filter(m -> recipients(m).contains(user[1] + "@example.org")).findFirst().orElseThrow();
        Matcher link = LINK.matcher(String.valueOf(mail.getContent()));
        assertTrue(link.find(), String.valueOf(mail.getContent()));
        setPassword(link.group(1), "mailed-new-password-2");
        assertTrue(signsIn(user[1], "mailed-new-password-2"));

        web.open("/user/forgot");
        web.type("forgot:name", "nobody-" + user[1]);
        web.click("forgot:send");
        assertEquals(answer, web.visible("requested").getText(), "an unknown name gets the same answer");
    }

    @Test
    void anAdminCanHaveTheLinkMailed() throws Exception {
        String[] user = PortalBrowser.newUser();
        int before = smtp.getReceivedMessages().length;
        issue(user[0], true);
        assertTrue(smtp.waitForIncomingEmail(20_000, before + 1));
        MimeMessage mail = smtp.getReceivedMessages()[before];
        assertEquals(user[1] + "@example.org", GreenMailUtil.getAddressList(mail.getAllRecipients()));
        assertTrue(LINK.matcher(String.valueOf(mail.getContent())).find(), String.valueOf(mail.getContent()));
    }

    @Test
    void aMailServerThatIsDownLeavesTheIssuedLinkToHandOver() {
        String[] user = PortalBrowser.newUser();
        smtp.stop();
        HttpResponse<String> r;
        try {
            r = Admin.post(Admin.USERS + "/" + user[0] + "/password-reset", "{\"send_email\":true}");
        } finally {
            startSmtp();
        }
        assertEquals(201, r.statusCode(), "the link is stored before the mail goes out: " + r.body());
        JsonObject link = Http.object(r);
        assertFalse(link.getBoolean("emailed"));
        assertTrue(link.getString("mail_error").contains("hand the link over yourself"), link.toString());

        setPassword(link.getString("url"), "handed-over-password-3");
        assertTrue(signsIn(user[1], "handed-over-password-3"), "the link the admin handed over works");
    }
}
