package io.moe.infrastructure.web;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpSession;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Optional;

/**
 * A signed-in browser session of one application (the admin application, the user portal): who signed
 * in, the credential stamp recorded at sign-in, and the CSRF token that the pages' changing calls must send
 * in {@code X-CSRF-Token}. Each application keeps its attributes under its own prefix, so an admin session
 * and a portal session in the same session store never stand in for each other (spec: "the user portal uses
 * a separate user session key in the same session store").
 */
public final class BrowserSession {

    public static final String CSRF_HEADER = "X-CSRF-Token";
    private static final SecureRandom RANDOM = new SecureRandom();

    /** The admin application's session. */
    public static final BrowserSession ADMIN = new BrowserSession("moe.admin");
    /** The user portal's session. */
    public static final BrowserSession PORTAL = new BrowserSession("moe.portal");

    private final String user;
    private final String csrf;
    private final String stamp;
    private final String viaSso;

    private BrowserSession(String prefix) {
        this.user = prefix + ".user-id";
        this.csrf = prefix + ".csrf";
        this.stamp = prefix + ".stamp";
        this.viaSso = prefix + ".via-sso";
    }

    public String userAttribute() {
        return user;
    }

    public String csrfAttribute() {
        return csrf;
    }

    /**
     * Starts the session under a new session id (no fixation) with a fresh CSRF token. A session someone is already
     * signed in to is ended first rather than carried on: its pages' stored state and beans belong to that sign-in, and
     * a page of it sent again (Back, then Save) must not act on the account signing in now.
     */
    public void signIn(HttpServletRequest request, String userId, String credentialStamp) {
        HttpSession earlier = request.getSession(false);
        if (earlier != null && earlier.getAttribute(user) != null) {
            earlier.invalidate();
        }
        // a new session may take the id the browser sent when another application of the server knows it (a planted
        // cookie): its id is changed in any case
        request.getSession(true);
        request.changeSessionId();
        HttpSession session = request.getSession(false);
        byte[] token = new byte[32];
        RANDOM.nextBytes(token);
        session.setAttribute(user, userId);
        session.setAttribute(stamp, credentialStamp);
        session.setAttribute(csrf, HexFormat.of().formatHex(token));
    }

    /** Whether the session was started through single sign-on ({@link #markSingleSignOn}). */
    public boolean viaSingleSignOn(HttpServletRequest request) {
        HttpSession session = request.getSession(false);
        return session != null && Boolean.TRUE.equals(session.getAttribute(viaSso));
    }

    /** Marks the session as started through single sign-on, so that signing out also ends the provider's session. */
    public void markSingleSignOn(HttpServletRequest request) {
        request.getSession(false).setAttribute(viaSso, Boolean.TRUE);
    }

    /**
     * Ends the session. One that came through single sign-on also ends the container's sign-in, whose
     * OpenID mechanism then redirects the response to the provider's end-session endpoint (the response is
     * committed); a password session ends here, as the container never knew it.
     */
    public void signOut(HttpServletRequest request) {
        HttpSession session = request.getSession(false);
        if (session != null && Boolean.TRUE.equals(session.getAttribute(viaSso))) {
            try {
                request.logout();
            } catch (jakarta.servlet.ServletException e) {
                // the container's sign-in had already ended
            }
        }
        invalidate(request);
    }

    public Optional<String> userId(HttpServletRequest request) {
        HttpSession session = request.getSession(false);
        return Optional.ofNullable(session == null ? null : (String) session.getAttribute(user));
    }

    /** The credential stamp the session recorded at sign-in; null without one. */
    public String stamp(HttpServletRequest request) {
        HttpSession session = request.getSession(false);
        return session == null ? null : (String) session.getAttribute(stamp);
    }

    /** Ends the session without further ado (a session that no longer stands). */
    public void invalidate(HttpServletRequest request) {
        HttpSession session = request.getSession(false);
        if (session != null) {
            session.invalidate();
        }
    }

    /** The session's CSRF token; empty when there is no session or no token, which then matches nothing. */
    public String csrfToken(HttpServletRequest request) {
        HttpSession session = request.getSession(false);
        Object token = session == null ? null : session.getAttribute(csrf);
        return token instanceof String text ? text : "";
    }

    /** Whether {@code presented} is this session's CSRF token (constant-time comparison). */
    public boolean csrfMatches(HttpServletRequest request, String presented) {
        String expected = csrfToken(request);
        return presented != null && !expected.isEmpty()
                && MessageDigest.isEqual(expected.getBytes(StandardCharsets.UTF_8), presented.getBytes(StandardCharsets.UTF_8));
    }
}
