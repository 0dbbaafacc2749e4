package io.moe.it.portal;

import io.moe.it.Http;
import io.moe.it.ItConfig;
import io.moe.it.identity.Admin;
import jakarta.json.Json;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.CookieManager;
import java.net.HttpCookie;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** A browser on the user portal: keeps its cookies, signs in with the form, calls the portal JSON API. */
public final class PortalBrowser {

    static final String PASSWORD = "a-long-password-1";
    private static final Pattern VIEW_STATE = Pattern.compile("name=\"jakarta.faces.ViewState\"[^>]*value=\"([^\"]+)\"");
    private static final Pattern CSRF = Pattern.compile("name=\"csrf-token\" content=\"([0-9a-f]{64})\"");

    private final CookieManager cookies = new CookieManager();
    /** The address this browser is counted under by the sign-in throttle (the test server trusts 127.0.0.1 as a proxy). */
    private final String address = io.moe.it.adminweb.AdminWeb.randomAddress();
    private final HttpClient client = HttpClient.newBuilder().cookieHandler(cookies).version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    /** A new user (not an admin) with {@link #PASSWORD}: [id, username]. */
    static String[] newUser() {
        String name = "p" + UUID.randomUUID().toString().substring(0, 12);
        HttpResponse<String> r = Admin.post(Admin.USERS, Json.createObjectBuilder().add("username", name)
                .add("email", name + "@example.org").add("password", PASSWORD).build().toString());
        if (r.statusCode() != 201) {
            throw new IllegalStateException("user not created: " + r.body());
        }
        return new String[]{Http.object(r).getString("id"), name};
    }

    /** A browser signed in as a new user: the user's id is {@link #userId}. */
    public static PortalBrowser signedInAsNewUser() {
        String[] user = newUser();
        PortalBrowser browser = new PortalBrowser();
        HttpResponse<String> reply = browser.signIn(user[1], PASSWORD);
        if (reply.statusCode() != 302) {
            throw new IllegalStateException("not signed in: " + reply.body());
        }
        browser.userId = user[0];
        browser.username = user[1];
        return browser;
    }

    public String userId;
    public String username;

    HttpResponse<String> get(String path) {
        return send(HttpRequest.newBuilder(url(path)).GET());
    }

    /** Signs in with the form; the reply is the form's answer (302 to the dashboard on success). */
    HttpResponse<String> signIn(String name, String password) {
        HttpResponse<String> page = get("/user/login");
        Matcher viewState = VIEW_STATE.matcher(page.body());
        if (!viewState.find()) {
            throw new IllegalStateException("no sign-in form: " + page.statusCode() + " " + page.body());
        }
        Map<String, String> form = new LinkedHashMap<>();
        form.put("login", "login");
        form.put("login:username", name);
        form.put("login:password", password);
        form.put("login:submit", "");
        form.put("jakarta.faces.ViewState", viewState.group(1));
        return postForm("/user/login.xhtml", form);
    }

    HttpResponse<String> postForm(String path, Map<String, String> fields) {
        String body = fields.entrySet().stream().map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "="
                + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8)).collect(Collectors.joining("&"));
        return send(HttpRequest.newBuilder(url(path)).header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    /** The session's CSRF token, read from the dashboard. */
    public String csrfToken() {
        HttpResponse<String> dashboard = get("/user/dashboard");
        Matcher token = CSRF.matcher(dashboard.body());
        if (!token.find()) {
            throw new IllegalStateException("no CSRF token on the dashboard: " + dashboard.statusCode() + " " + dashboard.body());
        }
        return token.group(1);
    }

    /** A JSON call on this browser's session, with the session's CSRF token when {@code withToken}. */
    public HttpResponse<String> json(String method, String path, String body, boolean withToken) {
        HttpRequest.Builder request = HttpRequest.newBuilder(url(path)).header("Content-Type", "application/json")
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (withToken) {
            request.header("X-CSRF-Token", csrfToken());
        }
        return send(request);
    }

    /** A JSON call on this browser's session with a CSRF token read before (calls made at once share one). */
    public HttpResponse<String> json(String method, String path, String body, String csrfToken) {
        return send(HttpRequest.newBuilder(url(path)).header("Content-Type", "application/json").header("X-CSRF-Token", csrfToken)
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body)));
    }

    public HttpResponse<String> json(String method, String path, String body) {
        return json(method, path, body, !method.equals("GET"));
    }

    /** A plain form post ({@code application/x-www-form-urlencoded}) on this browser's session; redirects are not followed. */
    public HttpResponse<String> form(String path, String formBody) {
        return send(HttpRequest.newBuilder(url(path)).header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(formBody)));
    }

    /** The current session cookie's value, or null. */
    public String sessionId() {
        return cookies.getCookieStore().getCookies().stream().filter(c -> c.getName().equals("JSESSIONID"))
                .map(HttpCookie::getValue).findFirst().orElse(null);
    }

    private static URI url(String path) {
        return URI.create(ItConfig.adminUrl() + path);
    }

    private HttpResponse<String> send(HttpRequest.Builder request) {
        request.header("X-Forwarded-For", address);
        try {
            return client.send(request.timeout(Duration.ofSeconds(60)).build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
