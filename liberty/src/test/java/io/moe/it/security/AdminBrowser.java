package io.moe.it.security;

import io.moe.it.ItConfig;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A browser on the admin application: keeps its session cookie, connects from a chosen local address and
 * may arrive through a proxy (sends {@code X-Forwarded-For}).
 */
final class AdminBrowser {

    private static final Pattern VIEW_STATE = Pattern.compile("name=\"jakarta.faces.ViewState\"[^>]*value=\"([^\"]+)\"");
    private static final Pattern CSRF = Pattern.compile("name=\"csrf-token\" content=\"([0-9a-f]{64})\"");

    private final String localAddress;
    private final String forwardedFor;
    private String session;

    AdminBrowser(String localAddress, String forwardedFor) {
        this.localAddress = localAddress;
        this.forwardedFor = forwardedFor;
    }

    AdminBrowser() {
        this(null, null);
    }

    RawHttp.Reply get(String target) {
        return send("GET", target, null);
    }

    /** A JSON call on this browser's session, with the page's CSRF token when one is given. */
    RawHttp.Reply json(String method, String target, String body, String csrfToken) {
        List<String> extra = new ArrayList<>(List.of("Content-Type", "application/json"));
        if (csrfToken != null) {
            extra.addAll(List.of("X-CSRF-Token", csrfToken));
        }
        return send(method, target, body, extra.toArray(String[]::new));
    }

    /** A WebSocket handshake on this browser's session, as a page of {@code origin} would open it (for refusals only). */
    RawHttp.Reply socketHandshake(String target, String origin) {
        return send("GET", target, null, "Upgrade", "websocket", "Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ==",
                "Sec-WebSocket-Version", "13", "Origin", origin);
    }

    /** Makes this browser send {@code sessionId}, as a cookie someone else planted in it. */
    void plant(String sessionId) {
        session = sessionId;
    }

    /** The session id the browser sends now (null without one). */
    String sessionId() {
        return session;
    }

    /** Signs in with the form; the reply is the form's answer (302 to the dashboard on success). */
    RawHttp.Reply signIn(String username, String password) {
        RawHttp.Reply page = get("/login.xhtml");
        Matcher viewState = VIEW_STATE.matcher(page.body());
        if (!viewState.find()) {
            throw new IllegalStateException("no sign-in form: " + page);
        }
        String form = Map.of("login", "login", "login:username", username, "login:password", password,
                        "login:submit", "Sign in", "jakarta.faces.ViewState", viewState.group(1)).entrySet().stream()
                .map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
        return send("POST", "/login.xhtml", form, "Content-Type", "application/x-www-form-urlencoded");
    }

    /** The dashboard's CSRF token (the session must stand). */
    String csrfToken() {
        RawHttp.Reply dashboard = get("/index.xhtml");
        Matcher token = CSRF.matcher(dashboard.body());
        if (!token.find()) {
            throw new IllegalStateException("no CSRF token on the dashboard: " + dashboard);
        }
        return token.group(1);
    }

    private RawHttp.Reply send(String method, String target, String body, String... headers) {
        List<String> all = new ArrayList<>(List.of(headers));
        if (session != null) {
            all.addAll(List.of("Cookie", "JSESSIONID=" + session));
        }
        if (forwardedFor != null) {
            all.addAll(List.of("X-Forwarded-For", forwardedFor));
        }
        RawHttp.Reply reply = RawHttp.send(ItConfig.adminUrl(), localAddress, method, target, body, all.toArray(String[]::new));
        reply.headers().getOrDefault("set-cookie", List.of()).stream().filter(c -> c.startsWith("JSESSIONID="))
                .reduce((first, last) -> last) // as a browser keeps the last of several (a new session, then its new id)
                .ifPresent(c -> session = c.substring("JSESSIONID=".length()).split(";")[0]);
        return reply;
    }
}
