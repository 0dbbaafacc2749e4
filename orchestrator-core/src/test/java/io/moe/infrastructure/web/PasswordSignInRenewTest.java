package io.moe.infrastructure.web;

import io.moe.application.identity.AdminSessions;
import io.moe.domain.identity.UserAccount;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpSession;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Proxy;
import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/** A session renewed after its user changed their password stays what it was: one of single sign-on signs out at the provider too. */
class PasswordSignInRenewTest {

    private final Map<String, Object> attributes = new HashMap<>();
    private int logouts;
    private int ids;

    private final HttpSession session = (HttpSession) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {HttpSession.class},
            (proxy, method, args) -> switch (method.getName()) {
                case "getAttribute" -> attributes.get((String) args[0]);
                case "setAttribute" -> attributes.put((String) args[0], args[1]);
                case "removeAttribute" -> attributes.remove((String) args[0]);
                case "invalidate" -> {
                    attributes.clear();
                    yield null;
                }
                default -> null;
            });

    private final HttpServletRequest request = (HttpServletRequest) Proxy.newProxyInstance(getClass().getClassLoader(),
            new Class<?>[] {HttpServletRequest.class}, (proxy, method, args) -> switch (method.getName()) {
                case "getSession" -> session;
                case "changeSessionId" -> "id-" + ++ids;
                case "logout" -> {
                    logouts++;
                    yield null;
                }
                default -> null;
            });

    private final UserAccount user = new UserAccount("ada", "ada@example.org", "Ada", "hash-1", false);

    private PasswordSignIn signIn() {
        PasswordSignIn signIn = new PasswordSignIn();
        signIn.sessions = new AdminSessions();
        return signIn;
    }

    @Test
    void aSingleSignOnSessionRenewedAfterAPasswordChangeStillSignsOutAtTheProvider() {
        BrowserSession.PORTAL.signIn(request, user.id(), "old-stamp");
        BrowserSession.PORTAL.markSingleSignOn(request);
        user.changePassword("hash-2");

        signIn().renew(request, BrowserSession.PORTAL, user);

        assertNotEquals("old-stamp", BrowserSession.PORTAL.stamp(request), "the stamp follows the new password");
        BrowserSession.PORTAL.signOut(request);
        assertEquals(1, logouts, "the provider's session ends too");
    }

    @Test
    void aPasswordSessionRenewedStaysOne() {
        BrowserSession.PORTAL.signIn(request, user.id(), "old-stamp");
        signIn().renew(request, BrowserSession.PORTAL, user);
        BrowserSession.PORTAL.signOut(request);
        assertEquals(0, logouts, "there is no provider session to end");
    }
}
