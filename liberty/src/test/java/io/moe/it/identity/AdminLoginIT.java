package io.moe.it.identity;

import io.moe.it.ItConfig;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.CookieManager;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The sign-in form sets an admin session; JSON calls on that session need its CSRF token. */
class AdminLoginIT {

    private final HttpClient browser = HttpClient.newBuilder().cookieHandler(new CookieManager())
            .version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();

    private HttpResponse<String> send(HttpRequest.Builder request) throws IOException, InterruptedException {
        return browser.send(request.timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> signIn(String password) throws IOException, InterruptedException {
        return signIn("admin", password);
    }

    private HttpResponse<String> signIn(String username, String password) throws IOException, InterruptedException {
        HttpResponse<String> page = send(HttpRequest.newBuilder(URI.create(ItConfig.adminUrl() + "/login.xhtml")));
        Matcher viewState = Pattern.compile("name=\"jakarta.faces.ViewState\"[^>]*value=\"([^\"]+)\"").matcher(page.body());
        assertTrue(viewState.find(), page.body());
        String form = Map.of("login", "login", "login:username", username, "login:password", password,
                        "login:submit", "Sign in", "jakarta.faces.ViewState", viewState.group(1)).entrySet().stream()
                .map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
        return send(HttpRequest.newBuilder(URI.create(ItConfig.adminUrl() + "/login.xhtml"))
                .header("Content-Type", "application/x-www-form-urlencoded").POST(HttpRequest.BodyPublishers.ofString(form)));
    }

    private HttpResponse<String> createUser(String csrfToken) throws IOException, InterruptedException {
        String name = "f" + UUID.randomUUID().toString().substring(0, 10);
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(ItConfig.adminUrl() + "/api/users"))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(
                        "{\"username\":\"" + name + "\",\"email\":\"" + name + "@example.org\",\"password\":\"a-long-password-1\"}"));
        if (csrfToken != null) {
            request.header("X-CSRF-Token", csrfToken);
        }
        return send(request);
    }

    @Test
    void theFormSignsInAndJsonPostsNeedTheCsrfToken() throws Exception {
        HttpResponse<String> signedIn = signIn(System.getProperty("moe.it.admin-password"));
        assertEquals(302, signedIn.statusCode(), signedIn.body());
        assertTrue(signedIn.headers().firstValue("Location").orElse("").endsWith("/index.xhtml"));

        HttpResponse<String> dashboard = send(HttpRequest.newBuilder(URI.create(ItConfig.adminUrl() + "/index.xhtml")));
        assertEquals(200, dashboard.statusCode());
        Matcher token = Pattern.compile("name=\"csrf-token\" content=\"([0-9a-f]{64})\"").matcher(dashboard.body());
        assertTrue(token.find(), dashboard.body());

        assertEquals(200, send(HttpRequest.newBuilder(URI.create(ItConfig.adminUrl() + "/api/users"))).statusCode());
        HttpResponse<String> withoutToken = createUser(null);
        assertEquals(403, withoutToken.statusCode(), withoutToken.body());
        assertTrue(withoutToken.body().contains("csrf_token_invalid"));
        assertEquals(403, createUser("0".repeat(64)).statusCode(), "a wrong token is refused too");
        HttpResponse<String> created = createUser(token.group(1));
        assertEquals(201, created.statusCode());

        HttpResponse<String> users = send(HttpRequest.newBuilder(URI.create(ItConfig.adminUrl() + "/users.xhtml")));
        assertEquals(200, users.statusCode());
        String username = created.body().replaceAll(".*\"username\":\"([^\"]+)\".*", "$1");
        assertTrue(users.body().contains(username), "the users page lists the new account " + username + ": "
                + users.body().replaceAll("(?s).*<tbody", "<tbody").replaceAll("(?s)</tbody>.*", "").replaceAll("<[^>]+>", " ").replaceAll("\\s+", " "));

        Matcher logoutState = Pattern.compile("name=\"jakarta.faces.ViewState\"[^>]*value=\"([^\"]+)\"").matcher(dashboard.body());
        assertTrue(logoutState.find());
        HttpResponse<String> signedOut = send(HttpRequest.newBuilder(URI.create(ItConfig.adminUrl() + "/index.xhtml"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("logout=logout&logout%3Asubmit=Sign+out&jakarta.faces.ViewState="
                        + URLEncoder.encode(logoutState.group(1), StandardCharsets.UTF_8))));
        assertEquals(302, signedOut.statusCode(), signedOut.body());
        assertTrue(signedOut.headers().firstValue("Location").orElse("").endsWith("/login.xhtml"),
                "a password session signs out locally: " + signedOut.headers().firstValue("Location"));
        assertEquals(401, send(HttpRequest.newBuilder(URI.create(ItConfig.adminUrl() + "/api/users"))).statusCode(),
                "the session is gone");
    }

    @Test
    void aWrongPasswordStartsNoSession() throws Exception {
        HttpResponse<String> failed = signIn("not-the-password");
        assertEquals(200, failed.statusCode());
        assertTrue(failed.body().contains("Sign-in failed"), failed.body());
        HttpResponse<String> nul = signIn("ad\u0000min", "not-the-password"); // a name the database could not even look up
        assertEquals(200, nul.statusCode(), nul.body());
        assertTrue(nul.body().contains("Sign-in failed"), nul.body());
        assertEquals(401, send(HttpRequest.newBuilder(URI.create(ItConfig.adminUrl() + "/api/users"))).statusCode());
        assertEquals(302, send(HttpRequest.newBuilder(URI.create(ItConfig.adminUrl() + "/index.xhtml"))).statusCode());
    }

    private static String newAdmin(String password) {
        String name = "t" + UUID.randomUUID().toString().substring(0, 10);
        HttpResponse<String> created = Admin.post(Admin.USERS, "{\"username\":\"" + name + "\",\"email\":\"" + name
                + "@example.org\",\"password\":\"" + password + "\",\"is_admin\":true}");
        assertEquals(201, created.statusCode(), created.body());
        return name;
    }

    @Test
    void fiveWrongPasswordsLockThatUsernameFromThisAddressForAWhile() throws Exception {
        String name = newAdmin("the-right-password-1");
        for (int i = 0; i < 5; i++) {
            HttpResponse<String> failed = signIn(name, "a-wrong-password-" + i);
            assertTrue(failed.body().contains("Sign-in failed"), failed.body());
        }
        HttpResponse<String> locked = signIn(name, "the-right-password-1");
        assertEquals(200, locked.statusCode());
        assertTrue(locked.body().contains("Too many failed sign-ins"), "even the right password waits: " + locked.body());
        assertEquals(302, send(HttpRequest.newBuilder(URI.create(ItConfig.adminUrl() + "/index.xhtml"))).statusCode(),
                "no session was started");

        HttpResponse<String> other = signIn(newAdmin("another-password-1"), "another-password-1");
        assertEquals(302, other.statusCode(), "other usernames are not locked: " + other.body());
    }
}
