package io.moe.interfaces.admin;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpSession;

import java.security.MessageDigest;
import java.security.SecureRandom;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.Optional;

/**
 * The admin's browser session: who signed in, and the CSRF token that JSON calls from the pages must
 * send in {@code X-CSRF-Token}. The portal keeps its own session key in the same session store.
 */
public final class AdminSession {

    public static final String USER = "moe.admin.user-id";
    public static final String CSRF = "moe.admin.csrf";
    public static final String CSRF_HEADER = "X-CSRF-Token";
    /** The credential stamp recorded at sign-in (see {@code AdminSessions}): a password change ends the session. */
    static final String STAMP = "moe.admin.stamp";
    static final String VIA_SSO = "moe.admin.via-sso";
    private static final SecureRandom RANDOM = new SecureRandom();

    private AdminSession() {
    }

    /** Starts the admin session under a new session id (no fixation) with a fresh CSRF token. */
    public static void signIn(HttpServletRequest request, String userId, String stamp) {
        request.getSession(true);
        request.changeSessionId();
        HttpSession session = request.getSession(false);
        byte[] token = new byte[32];
        RANDOM.nextBytes(token);
        session.setAttribute(USER, userId);
        session.setAttribute(STAMP, stamp);
        session.setAttribute(CSRF, HexFormat.of().formatHex(token));
    }

    /** Marks the session as started through single sign-on, so that signing out also ends the provider's session. */
    public static void markSingleSignOn(HttpServletRequest request) {
        request.getSession(false).setAttribute(VIA_SSO, Boolean.TRUE);
    }

    /**
     * Ends the admin session. One that came through single sign-on also ends the container's sign-in,
     * whose OpenID mechanism then redirects the response to the provider's end-session endpoint (the
     * response is committed); a password session ends here, as the container never knew it.
     */
    public static void signOut(HttpServletRequest request) {
        HttpSession session = request.getSession(false);
        if (session != null && Boolean.TRUE.equals(session.getAttribute(VIA_SSO))) {
            try {
                request.logout();
            } catch (jakarta.servlet.ServletException e) {
                // the container's sign-in had already ended
            }
        }
        session = request.getSession(false);
        if (session != null) {
            session.invalidate();
        }
    }

    public static Optional<String> userId(HttpServletRequest request) {
        HttpSession session = request.getSession(false);
        return Optional.ofNullable(session == null ? null : (String) session.getAttribute(USER));
    }

    /** The credential stamp the session recorded at sign-in; null without one. */
    public static String stamp(HttpServletRequest request) {
        HttpSession session = request.getSession(false);
        return session == null ? null : (String) session.getAttribute(STAMP);
    }

    /** Ends the session without further ado (a session that no longer stands). */
    public static void invalidate(HttpServletRequest request) {
        HttpSession session = request.getSession(false);
        if (session != null) {
            session.invalidate();
        }
    }

    /** The session's CSRF token; empty when there is no session or no token, which then matches nothing. */
    public static String csrfToken(HttpServletRequest request) {
        HttpSession session = request.getSession(false);
        Object token = session == null ? null : session.getAttribute(CSRF);
        return token instanceof String text ? text : "";
    }

    /** Whether {@code presented} is this session's CSRF token (constant-time comparison). */
    public static boolean csrfMatches(HttpServletRequest request, String presented) {
        String expected = csrfToken(request);
        return presented != null && !expected.isEmpty()
                && MessageDigest.isEqual(expected.getBytes(StandardCharsets.UTF_8), presented.getBytes(StandardCharsets.UTF_8));
    }
}
