package io.moe.it.identity;

import io.moe.it.Http;
import io.moe.it.ItConfig;
import io.moe.it.adminweb.AdminWeb;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;

import java.io.IOException;
import java.net.CookieManager;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The second way in: single sign-on through a real OpenID provider (npm oidc-provider, started here),
 * and the provider's bearer access tokens on the admin JSON API. The provider signs in any login name;
 * "alice" is in the admin group, "bob" is not. The portal admits every person of the provider: the test
 * server grants new SSO users moe_mode moe_orchestrated and makes members of "coders" experts with
 * model_endpoint *@local (it-stores.xml).
 */
class OidcSignInIT {

    private static final Pattern FORM_ACTION = Pattern.compile("<form[^>]*action=\"([^\"]+)\"");
    private static final Pattern PROMPT = Pattern.compile("name=\"prompt\" value=\"(login|consent)\"");
    private static final Pattern SIGN_OUT = Pattern.compile("name=\"xsrf\" value=\"([^\"]+)\"");
    private static Process provider;

    private final HttpClient browser = HttpClient.newBuilder().cookieHandler(new CookieManager())
            .version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();

    static String issuer() {
        return "http://127.0.0.1:" + System.getProperty("moe.it.oidc-port", "19876");
    }

    @BeforeAll
    static void startProvider() throws Exception {
        ProcessBuilder builder = new ProcessBuilder("node", "oidc-provider.mjs")
                .directory(Path.of(ItConfig.nodeDir()).toFile())
                .redirectErrorStream(true)
                .redirectOutput(Path.of("target", "oidc-provider.log").toFile());
        builder.environment().put("OIDC_PORT", System.getProperty("moe.it.oidc-port", "19876"));
        builder.environment().put("OIDC_CLIENT_ID", "moe-admin");
        builder.environment().put("OIDC_CLIENT_SECRET", System.getProperty("moe.it.oidc-client-secret", ""));
        builder.environment().put("OIDC_REDIRECT_URI", ItConfig.adminUrl() + "/sso/callback," + ItConfig.adminUrl() + "/user/sso/callback");
        builder.environment().put("OIDC_POST_LOGOUT_REDIRECT_URI", ItConfig.adminUrl() + "/login.xhtml," + ItConfig.adminUrl() + "/user/login");
        provider = builder.start();
        HttpClient client = HttpClient.newHttpClient();
        Instant deadline = Instant.now().plusSeconds(30);
        while (true) {
            try {
                if (client.send(HttpRequest.newBuilder(URI.create(issuer() + "/.well-known/openid-configuration")).build(),
                        HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // the provider is still starting
            }
            if (!provider.isAlive() || Instant.now().isAfter(deadline)) {
                throw new IllegalStateException("the OpenID provider did not start; see target/oidc-provider.log");
            }
            Thread.sleep(200);
        }
    }

    @AfterAll
    static void stopProvider() {
        if (provider != null) {
            provider.destroy();
        }
    }

    private HttpResponse<String> send(HttpRequest.Builder request) throws IOException, InterruptedException {
        return browser.send(request.timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
    }

    /**
     * Follows redirects like a browser and, at the provider, fills in its sign-in form with the login
     * name and confirms the consent and sign-out forms; returns the first page that is none of them.
     */
    private HttpResponse<String> browse(URI start, String login) throws IOException, InterruptedException {
        HttpResponse<String> response = send(HttpRequest.newBuilder(start));
        for (int hop = 0; hop < 20; hop++) {
            URI at = response.uri();
            if (response.statusCode() / 100 == 3) {
                response = send(HttpRequest.newBuilder(at.resolve(response.headers().firstValue("Location").orElseThrow())));
                continue;
            }
            Matcher prompt = PROMPT.matcher(response.body());
            Matcher signOut = SIGN_OUT.matcher(response.body());
            Matcher action = FORM_ACTION.matcher(response.body());
            boolean isPrompt = prompt.find();
            if (response.statusCode() != 200 || !(isPrompt || signOut.find()) || !action.find()) {
                return response;
            }
            String form = !isPrompt ? "xsrf=" + signOut.group(1) + "&logout=yes"
                    : "login".equals(prompt.group(1))
                    ? "prompt=login&login=" + URLEncoder.encode(login, StandardCharsets.UTF_8) + "&password=any"
                    : "prompt=consent";
            response = send(HttpRequest.newBuilder(at.resolve(action.group(1)))
                    .header("Content-Type", "application/x-www-form-urlencoded").POST(HttpRequest.BodyPublishers.ofString(form)));
        }
        throw new AssertionError("more than 20 redirects and forms from " + start);
    }

    private String accessToken(String client) throws IOException, InterruptedException {
        HttpResponse<String> token = send(HttpRequest.newBuilder(URI.create(issuer() + "/token"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("grant_type=client_credentials&client_id=" + client
                        + "&client_secret=" + client + "-secret&resource=urn:moe:api&scope=api")));
        assertEquals(200, token.statusCode(), token.body());
        return token.body().replaceAll(".*\"access_token\":\"([^\"]+)\".*", "$1");
    }

    private HttpResponse<String> listUsers(String bearer) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(URI.create(ItConfig.adminUrl() + "/api/users"))
                .header("Authorization", "Bearer " + bearer));
    }

    @Test
    void anAdminGroupMemberSignsInThroughTheProviderAndGetsAnAdminSession() throws Exception {
        HttpResponse<String> loginPage = send(HttpRequest.newBuilder(URI.create(ItConfig.adminUrl() + "/login.xhtml")));
        assertTrue(loginPage.body().contains("/sso\""), "the sign-in page offers single sign-on: " + loginPage.body());

        HttpResponse<String> landed = browse(URI.create(ItConfig.adminUrl() + "/sso"), "alice");
        assertEquals(200, landed.statusCode(), landed.uri() + "\n" + landed.body());
        assertTrue(landed.uri().getPath().endsWith("/index.xhtml"), "lands on the dashboard: " + landed.uri());
        Matcher csrf = Pattern.compile("name=\"csrf-token\" content=\"([0-9a-f]{64})\"").matcher(landed.body());
        assertTrue(csrf.find(), "the admin session has a CSRF token: " + landed.body());

        HttpResponse<String> users = send(HttpRequest.newBuilder(URI.create(ItConfig.adminUrl() + "/api/users")));
        assertEquals(200, users.statusCode(), users.body());
        assertTrue(users.body().contains("\"username\":\"alice\""), "the first sign-in created the linked admin account: " + users.body());
        HttpResponse<String> withoutToken = send(HttpRequest.newBuilder(URI.create(ItConfig.adminUrl() + "/api/users"))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString("{}")));
        assertEquals(403, withoutToken.statusCode(), "the SSO session needs the CSRF token like any other");

        HttpResponse<String> again = browse(URI.create(ItConfig.adminUrl() + "/sso"), "alice");
        assertEquals(200, again.statusCode());
        HttpResponse<String> afterSecond = send(HttpRequest.newBuilder(URI.create(ItConfig.adminUrl() + "/api/users")));
        assertEquals(1, afterSecond.body().split("\"username\":\"alice").length - 1, "a second sign-in reuses the account");
    }

    @Test
    void aProviderUserOutsideTheAdminGroupIsRefused() throws Exception {
        HttpResponse<String> refused = browse(URI.create(ItConfig.adminUrl() + "/sso"), "bob");
        assertEquals(403, refused.statusCode(), refused.uri() + "\n" + refused.body());
        assertTrue(refused.body().contains("moe-admins"), "the page names the group that admits admins: " + refused.body());
        assertEquals(302, send(HttpRequest.newBuilder(URI.create(ItConfig.adminUrl() + "/index.xhtml"))).statusCode(),
                "no admin session was started");
        assertEquals(401, send(HttpRequest.newBuilder(URI.create(ItConfig.adminUrl() + "/api/users"))).statusCode());
    }

    @Test
    void theProvidersAccessTokensAreAcceptedOnTheJsonApiForAdminsOnly() throws Exception {
        String robot = accessToken("moe-robot");
        HttpResponse<String> users = listUsers(robot);
        assertEquals(200, users.statusCode(), users.body());
        assertTrue(users.body().contains("\"username\":\"moe-robot\""), users.body());

        HttpResponse<String> viewer = listUsers(accessToken("moe-viewer"));
        assertEquals(403, viewer.statusCode(), viewer.body());
        assertTrue(viewer.body().contains("not_an_admin"), viewer.body());

        String[] parts = robot.split("\\.");
        String forged = parts[0] + "." + parts[1] + "." + new StringBuilder(parts[2]).reverse();
        HttpResponse<String> tampered = listUsers(forged);
        assertEquals(401, tampered.statusCode(), tampered.body());
        assertTrue(tampered.body().contains("invalid_token"), tampered.body());
    }

    @Test
    void anAccessTokenIssuedToAClientThatIsNotAcceptedHereIsRefused() throws Exception {
        HttpResponse<String> refused = listUsers(accessToken("moe-stranger"));
        assertEquals(401, refused.statusCode(), "a token minted for another application, even of an admin: " + refused.body());
        assertTrue(refused.body().contains("invalid_token") && refused.body().contains("moe-stranger"), refused.body());
    }

    @Test
    void concurrentFirstRequestsOfANewTokenHolderCreateOneAccount() throws Exception {
        String token = accessToken("moe-batch");
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        List<CompletableFuture<HttpResponse<String>>> calls = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            calls.add(client.sendAsync(HttpRequest.newBuilder(URI.create(ItConfig.adminUrl() + "/api/users"))
                    .header("Authorization", "Bearer " + token).timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString()));
        }
        for (CompletableFuture<HttpResponse<String>> call : calls) {
            assertEquals(200, call.join().statusCode(), call.join().body());
        }
        String users = listUsers(token).body();
        assertEquals(1, users.split("\"username\":\"moe-batch").length - 1, "one linked account: " + users);
    }

    /** Follows redirects only; the first page that is not one. */
    private HttpResponse<String> firstPage(URI start) throws IOException, InterruptedException {
        HttpResponse<String> response = send(HttpRequest.newBuilder(start));
        for (int hop = 0; hop < 20 && response.statusCode() / 100 == 3; hop++) {
            response = send(HttpRequest.newBuilder(response.uri().resolve(response.headers().firstValue("Location").orElseThrow())));
        }
        return response;
    }

    @Test
    void signingOutOfASingleSignOnSessionEndsTheProviderSessionToo() throws Exception {
        HttpResponse<String> dashboard = browse(URI.create(ItConfig.adminUrl() + "/sso"), "alice");
        assertTrue(dashboard.uri().getPath().endsWith("/index.xhtml"), dashboard.uri().toString());
        Matcher viewState = Pattern.compile("name=\"jakarta.faces.ViewState\"[^>]*value=\"([^\"]+)\"").matcher(dashboard.body());
        assertTrue(viewState.find(), dashboard.body());

        HttpResponse<String> signedOut = send(HttpRequest.newBuilder(URI.create(ItConfig.adminUrl() + "/index.xhtml"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("logout=logout&logout%3Asubmit=Sign+out&jakarta.faces.ViewState="
                        + URLEncoder.encode(viewState.group(1), StandardCharsets.UTF_8))));
        assertEquals(302, signedOut.statusCode(), signedOut.body());
        String location = signedOut.headers().firstValue("Location").orElseThrow();
        assertTrue(location.startsWith(issuer() + "/session/end?") && location.contains("post_logout_redirect_uri="
                        + URLEncoder.encode(ItConfig.adminUrl() + "/login.xhtml", StandardCharsets.UTF_8)),
                "the browser goes on to the provider's end-session endpoint: " + location);

        HttpResponse<String> back = browse(URI.create(location), "alice");
        assertTrue(back.uri().getPath().endsWith("/login.xhtml"), "and comes back to the sign-in page: " + back.uri());
        assertEquals(302, send(HttpRequest.newBuilder(URI.create(ItConfig.adminUrl() + "/index.xhtml"))).statusCode(),
                "the admin session is gone");
        HttpResponse<String> again = firstPage(URI.create(ItConfig.adminUrl() + "/sso"));
        assertTrue(again.body().contains("name=\"prompt\" value=\"login\""),
                "the provider asks for the login again, so its session ended too: " + again.uri());
    }

    private JsonObject userNamed(String username) throws IOException, InterruptedException {
        return Http.object(Admin.get(Admin.USERS)).getJsonArray("users").getValuesAs(JsonObject.class).stream()
                .filter(u -> u.getString("username").equals(username)).findFirst().orElseThrow();
    }

    private List<String> grantsOf(String userId) {
        return Http.object(Admin.get(Admin.USERS + "/" + userId + "/permissions")).getJsonArray("permissions").getValuesAs(JsonObject.class).stream()
                .map(p -> p.getString("resource_type") + ":" + p.getString("resource_id")).sorted().toList();
    }

    @Test
    void anyPersonOfTheProviderSignsInToThePortalWithTheConfiguredGrants() throws Exception {
        String login = "coder-" + UUID.randomUUID().toString().substring(0, 8);
        HttpResponse<String> landed = browse(URI.create(ItConfig.adminUrl() + "/user/sso"), login);
        assertEquals(200, landed.statusCode(), landed.uri() + "\n" + landed.body());
        assertTrue(landed.uri().getPath().endsWith("/user/dashboard"), "lands on the portal's dashboard: " + landed.uri());
        assertTrue(landed.body().contains(login), landed.body());

        JsonObject account = userNamed(login);
        assertEquals(0, account.getInt("is_admin"), "a person outside the admin group is no admin");
        assertEquals(1, account.getInt("is_expert"), "the group coders maps to the role expert");
        assertEquals(List.of("model_endpoint:*@local", "moe_mode:moe_orchestrated"), grantsOf(account.getString("id")),
                "the default grant of new SSO users and the grant of the group coders");
        assertEquals(200, send(HttpRequest.newBuilder(URI.create(ItConfig.adminUrl() + "/user/api/templates"))).statusCode(),
                "as an expert with a model_endpoint grant, own templates are open");
        assertEquals(401, send(HttpRequest.newBuilder(URI.create(ItConfig.adminUrl() + "/api/users"))).statusCode(),
                "a portal session is no admin session");
        String profile = send(HttpRequest.newBuilder(URI.create(ItConfig.adminUrl() + "/user/profile"))).body();
        assertTrue(profile.contains("id=\"sso-password-note\""), "the password form says where an SSO user's password is kept: " + profile);

        HttpResponse<String> again = browse(URI.create(ItConfig.adminUrl() + "/user/sso"), login);
        assertTrue(again.uri().getPath().endsWith("/user/dashboard"));
        assertEquals(1, Http.object(Admin.get(Admin.USERS)).getJsonArray("users").getValuesAs(JsonObject.class).stream()
                .filter(u -> u.getString("username").equals(login)).count(), "a second sign-in reuses the account");
        assertEquals(2, grantsOf(account.getString("id")).size(), "and grants nothing twice");

        HttpResponse<String> signedOut = send(HttpRequest.newBuilder(URI.create(ItConfig.adminUrl() + "/user/logout")));
        assertEquals(302, signedOut.statusCode(), signedOut.body());
        String location = signedOut.headers().firstValue("Location").orElseThrow();
        assertTrue(location.startsWith(issuer() + "/session/end?") && location.contains(URLEncoder.encode(ItConfig.adminUrl() + "/user/login",
                StandardCharsets.UTF_8)), "signing out goes on to the provider's end-session endpoint: " + location);
        HttpResponse<String> back = browse(URI.create(location), login);
        assertTrue(back.uri().getPath().endsWith("/user/login"), "and comes back to the portal's sign-in page: " + back.uri());
        assertEquals(302, send(HttpRequest.newBuilder(URI.create(ItConfig.adminUrl() + "/user/dashboard"))).statusCode(), "the session is gone");
    }

    @Test
    void anAdminTheProviderNoLongerListsInTheAdminGroupLosesTheRightsAtTheNextSignIn() throws Exception {
        String login = "member-" + UUID.randomUUID().toString().substring(0, 8);
        assertTrue(browse(URI.create(ItConfig.adminUrl() + "/user/sso"), login).uri().getPath().endsWith("/user/dashboard"));
        String id = userNamed(login).getString("id");
        assertEquals(200, Admin.put(Admin.USERS + "/" + id, "{\"is_admin\":true}").statusCode(), "an admin, as if once in the group");

        HttpResponse<String> refused = browse(URI.create(ItConfig.adminUrl() + "/sso"), login);
        assertEquals(403, refused.statusCode(), "the provider does not list the person in moe-admins: " + refused.body());
        assertEquals(0, userNamed(login).getInt("is_admin"), "and the admin rights went with the group");

        assertEquals(200, Admin.put(Admin.USERS + "/" + id, "{\"is_admin\":true}").statusCode());
        assertTrue(browse(URI.create(ItConfig.adminUrl() + "/user/sso"), login).uri().getPath().endsWith("/user/dashboard"));
        assertEquals(0, userNamed(login).getInt("is_admin"), "a portal sign-in follows the group too");
    }

    @Test
    void aPlainMemberGetsTheDefaultGrantsOnlyAndABlockedAccountStaysShut() throws Exception {
        String login = "member-" + UUID.randomUUID().toString().substring(0, 8);
        assertTrue(browse(URI.create(ItConfig.adminUrl() + "/user/sso"), login).uri().getPath().endsWith("/user/dashboard"));
        JsonObject account = userNamed(login);
        assertEquals(0, account.getInt("is_expert"));
        assertEquals(List.of("moe_mode:moe_orchestrated"), grantsOf(account.getString("id")));
        assertEquals(403, send(HttpRequest.newBuilder(URI.create(ItConfig.adminUrl() + "/user/api/templates/copyable"))).statusCode(),
                "not an author: nothing to copy into own templates");

        assertEquals(200, Admin.put(Admin.USERS + "/" + account.getString("id"), "{\"is_active\":false}").statusCode());
        HttpResponse<String> refused = browse(URI.create(ItConfig.adminUrl() + "/user/sso"), login);
        assertEquals(403, refused.statusCode(), refused.body());
        assertTrue(refused.body().contains("deactivated"), refused.body());
    }

    @Test
    void aProviderUserSignsInToThePortalInARealBrowser() {
        String login = "browser-" + UUID.randomUUID().toString().substring(0, 8);
        try (AdminWeb web = AdminWeb.start()) {
            web.open("/user/login");
            web.click("sso");
            By submit = By.cssSelector("button[type=submit], input[type=submit]");
            for (int step = 0; step < 4 && !web.driver.getCurrentUrl().contains("/user/dashboard"); step++) {
                // the provider's pages come after redirects: wait for the next form (or the dashboard) to be there
                web.wait.until(d -> d.getCurrentUrl().contains("/user/dashboard") || !d.findElements(submit).isEmpty());
                if (web.driver.getCurrentUrl().contains("/user/dashboard")) {
                    break;
                }
                List<WebElement> name = web.driver.findElements(By.name("login"));
                if (!name.isEmpty()) {
                    name.get(0).sendKeys(login);
                    web.driver.findElement(By.name("password")).sendKeys("any");
                }
                web.driver.findElement(submit).click();
                web.waitForPage();
            }
            web.wait.until(ExpectedConditions.urlContains("/user/dashboard"));
            assertTrue(web.visible("welcome").getText().contains(login), "signed in as the provider's user");
            web.screenshot("portal-sso-dashboard");
        }
    }
}
