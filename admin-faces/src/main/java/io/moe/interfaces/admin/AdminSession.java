package io.moe.interfaces.admin;

import io.moe.infrastructure.web.BrowserSession;
import jakarta.servlet.http.HttpServletRequest;

import java.util.Optional;

/**
 * The admin's browser session ({@link BrowserSession#ADMIN}): who signed in, and the CSRF token that JSON
 * calls from the pages must send in {@code X-CSRF-Token}. The portal keeps its own session key in the same
 * session store ({@link BrowserSession#PORTAL}).
 */
public final class AdminSession {

    private static final BrowserSession SESSION = BrowserSession.ADMIN;
    public static final String USER = SESSION.userAttribute();
    public static final String CSRF = SESSION.csrfAttribute();
    public static final String CSRF_HEADER = BrowserSession.CSRF_HEADER;

    private AdminSession() {
    }

    public static void signIn(HttpServletRequest request, String userId, String stamp) {
        SESSION.signIn(request, userId, stamp);
    }

    public static void markSingleSignOn(HttpServletRequest request) {
        SESSION.markSingleSignOn(request);
    }

    public static void signOut(HttpServletRequest request) {
        SESSION.signOut(request);
    }

    public static Optional<String> userId(HttpServletRequest request) {
        return SESSION.userId(request);
    }

    public static String stamp(HttpServletRequest request) {
        return SESSION.stamp(request);
    }

    public static void invalidate(HttpServletRequest request) {
        SESSION.invalidate(request);
    }

    public static String csrfToken(HttpServletRequest request) {
        return SESSION.csrfToken(request);
    }

    public static boolean csrfMatches(HttpServletRequest request, String presented) {
        return SESSION.csrfMatches(request, presented);
    }
}
