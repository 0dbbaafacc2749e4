package io.moe.it.security;

import io.moe.it.Http;
import io.moe.it.Incidents;
import io.moe.it.ItConfig;
import io.moe.it.identity.Admin;
import io.moe.it.portal.PortalBrowser;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every route of the three ports, as the merged OpenAPI document and the Faces pages in the source tree
 * list them, refuses callers without credentials (401/403, or the sign-in page for pages) unless it is
 * open by design; admin routes refuse a non-admin key with 403; the usual path tricks reach nothing.
 * A route the audit cannot place on a port fails the audit, so a new route is never left unchecked.
 */
class RouteAuditIT {

    /** Open by design (DESIGN §5 and the spec): "METHOD path" as in the OpenAPI document. */
    private static final Set<String> OPEN = Set.of("GET /v1/models", "GET /v1/models/{id}", "GET /health", "GET /tools", "GET /downloads/{name}");
    private static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "patch");
    /** Pages anyone may see: the admin sign-in page (the portal's, /user/login, is checked with the portal pages). */
    private static final Set<String> OPEN_PAGES = Set.of("login.xhtml");

    /**
     * Liberty picks the portal by the raw path's {@code /user} and cuts five characters off the normalised one:
     * {@code /user/../abcddashboard.xhtml} is the portal's {@code dashboard.xhtml}, by a path no {@code /*} filter matched.
     */
    private static final String LIBERTY_CUT = "/user/../abcd";

    private static String memberKey;

    @BeforeAll
    static void aNonAdminKey() {
        memberKey = Admin.newKey(Admin.newUser())[1];
    }

    private record Route(String method, String path, String base) {

        boolean admin() {
            return path.startsWith("/api/") || path.startsWith("/v1/admin/") || path.startsWith("/graph/knowledge/") || (method.equals("PUT") && path.startsWith("/tools/"));
        }

        String target() {
            return path.replaceAll("\\{[^}]+}", "x0audit");
        }

        @Override
        public String toString() {
            return method + " " + base + path;
        }
    }

    private static List<Route> openApiRoutes() {
        HttpResponse<String> document = Http.get(ItConfig.orchestratorUrl() + "/openapi?format=JSON");
        assertEquals(200, document.statusCode(), "the OpenAPI document is open by design");
        JsonObject paths = Http.object(document).getJsonObject("paths");
        List<Route> routes = new ArrayList<>();
        List<String> unplaced = new ArrayList<>();
        paths.forEach((path, item) -> item.asJsonObject().keySet().stream().filter(METHODS::contains).forEach(m -> {
            String base = baseOf(path);
            if (base == null) {
                unplaced.add(path);
            } else {
                routes.add(new Route(m.toUpperCase(Locale.ROOT), path, base));
            }
        }));
        assertEquals(List.of(), unplaced, "routes the audit cannot place on a port: add them to baseOf");
        Set<String> listed = Set.copyOf(routes.stream().map(r -> r.method() + " " + r.path()).toList());
        for (String expected : List.of("POST /v1/chat/completions", "GET /api/users", "DELETE /api/users/{id}/keys/{kid}",
                "GET /api/users/{id}/usage", "GET /v1/admin/ontology-gaps", "POST /invoke", "PUT /tools/{name}")) {
            assertTrue(listed.contains(expected), "the document lists " + expected + ": " + listed);
        }
        return routes;
    }

    private static String baseOf(String path) {
        if (path.startsWith("/api/") || path.startsWith("/user/")) {
            return ItConfig.adminUrl();
        }
        if (path.startsWith("/v1/") || path.startsWith("/graph/")) {
            return ItConfig.orchestratorUrl();
        }
        if (Stream.of("/tools", "/invoke", "/mcp/", "/downloads/", "/health").anyMatch(path::startsWith)) {
            return ItConfig.toolsUrl();
        }
        return null;
    }

    private static RawHttp.Reply call(Route route, String target, String... headers) {
        boolean withBody = route.method().equals("POST") || route.method().equals("PUT") || route.method().equals("PATCH");
        List<String> all = new ArrayList<>(List.of(headers));
        if (withBody) {
            all.addAll(List.of("Content-Type", "application/json"));
        }
        return RawHttp.send(route.base(), null, route.method(), target, withBody ? "{}" : null, all.toArray(String[]::new));
    }

    @Test
    void everyRouteRefusesCallersWithoutCredentialsUnlessOpenByDesign() {
        List<String> failures = new ArrayList<>();
        int checked = 0;
        for (Route route : openApiRoutes()) {
            if (OPEN.contains(route.method() + " " + route.path())) {
                continue;
            }
            checked++;
            RawHttp.Reply reply = call(route, route.target());
            if (reply.status() != 401 && reply.status() != 403) {
                failures.add(route + " → " + reply.status());
            }
        }
        assertTrue(checked >= 20, "routes checked: " + checked);
        assertEquals(List.of(), failures, "answered without credentials");
    }

    @Test
    void adminRoutesRefuseANonAdminKey() {
        List<String> failures = new ArrayList<>();
        int checked = 0;
        for (Route route : openApiRoutes()) {
            if (!route.admin()) {
                continue;
            }
            checked++;
            RawHttp.Reply reply = call(route, route.target(), "Authorization", "Bearer " + memberKey);
            if (reply.status() != 403) {
                failures.add(route + " → " + reply.status());
            }
        }
        assertTrue(checked >= 14, "admin routes checked: " + checked);
        assertEquals(List.of(), failures, "a non-admin key got past");
    }

    @Test
    void adminPagesSendAStrangerToTheSignInPage() throws IOException {
        List<String> pages = pages(System.getProperty("moe.it.admin-pages-dir", "../admin-faces/src/main/webapp"));
        assertTrue(pages.contains("users.xhtml") && pages.contains("index.xhtml"), "pages found: " + pages);
        List<String> failures = new ArrayList<>();
        for (String page : pages) {
            RawHttp.Reply reply = RawHttp.send(ItConfig.adminUrl(), null, "GET", "/" + page, null);
            boolean open = OPEN_PAGES.contains(page);
            if (open ? reply.status() != 200 : !reply.redirectsToSignIn()) {
                failures.add("/" + page + " → " + reply.status() + " " + reply.header("Location").orElse(""));
            }
        }
        RawHttp.Reply root = RawHttp.send(ItConfig.adminUrl(), null, "GET", "/", null);
        assertTrue(root.redirectsToSignIn(), "/ → " + root);
        assertEquals(List.of(), failures);
    }

    /** The portal's pages by their spec paths and their views: a stranger is sent to /user/login. */
    @Test
    void portalPagesSendAStrangerToTheSignInPage() throws IOException {
        List<String> targets = new ArrayList<>(List.of("/user/", "/user/dashboard", "/user/profile", "/user/usage",
                "/user/billing", "/user/keys", "/user/templates", "/user/cc-profiles", "/user/requests/chatcmpl-x0audit"));
        List<String> views = pages(System.getProperty("moe.it.portal-pages-dir", "../portal-faces/src/main/webapp"));
        assertTrue(views.contains("dashboard.xhtml") && views.contains("login.xhtml"), "portal pages found: " + views);
        List<String> open = List.of("login.xhtml", "forgot.xhtml", "reset.xhtml");
        for (String view : views) {
            if (!open.contains(view)) {
                targets.addAll(List.of("/user/" + view, "/user/api/../" + view, "/user/jakarta.faces.resource/../" + view,
                        "/user/api/%2e%2e/" + view, "/user/" + view + ";jsessionid=x", "/user/login/../" + view,
                        "/user/login.xhtml/../" + view, "//user/" + view, LIBERTY_CUT + view));
            }
        }
        List<String> failures = new ArrayList<>();
        for (String target : targets) {
            RawHttp.Reply reply = RawHttp.send(ItConfig.adminUrl(), null, "GET", target, null);
            boolean toPortalSignIn = reply.status() / 100 == 3 && reply.header("Location").orElse("").endsWith("/user/login");
            if (!toPortalSignIn && !refused(reply)) {
                failures.add(target + " → " + reply.status() + " " + reply.header("Location").orElse(""));
            }
        }
        RawHttp.Reply revoke = RawHttp.send(ItConfig.adminUrl(), null, "POST", "/user/keys/x0audit/revoke", "csrf=x",
                "Content-Type", "application/x-www-form-urlencoded");
        if (!(revoke.status() / 100 == 3 && revoke.header("Location").orElse("").endsWith("/user/login"))) {
            failures.add("POST /user/keys/{id}/revoke → " + revoke.status());
        }
        for (String page : List.of("/user/login", "/user/forgot", "/user/reset")) {
            assertEquals(200, RawHttp.send(ItConfig.adminUrl(), null, "GET", page, null).status(), "open without a session: " + page);
        }
        assertEquals(List.of(), failures, "a portal page answered a stranger");
    }

    @Test
    void pathTricksRevealNoAdminPage() throws IOException {
        List<String> targets = new ArrayList<>();
        for (String page : pages(System.getProperty("moe.it.admin-pages-dir", "../admin-faces/src/main/webapp"))) {
            if (OPEN_PAGES.contains(page)) {
                continue;
            }
            targets.addAll(List.of("/api/../" + page, "/jakarta.faces.resource/../" + page, "/api/%2e%2e/" + page,
                    "/api/%2E%2E/" + page, "/" + page + ";jsessionid=x", "/api;jsessionid=x/../" + page, "//" + page,
                    "/sso/../" + page, "/login.xhtml/../" + page, "/./" + page, "/user/../" + page, LIBERTY_CUT + page));
        }
        List<String> failures = new ArrayList<>();
        for (String target : targets) {
            RawHttp.Reply reply = RawHttp.send(ItConfig.adminUrl(), null, "GET", target, null);
            if (!refused(reply)) {
                failures.add(target + " → " + reply.status() + " " + reply.header("Location").orElse(""));
            }
        }
        assertEquals(List.of(), failures, "a path trick reached a page");
    }

    @Test
    void aPageThatDoesNotExistIsA404WithoutAStackTraceOrFilePaths() {
        AdminBrowser admin = new AdminBrowser();
        assertEquals(302, admin.signIn("admin", System.getProperty("moe.it.admin-password")).status());
        PortalBrowser member = PortalBrowser.signedInAsNewUser();
        RawHttp.Reply adminMissing = admin.get("/no-such-page.xhtml");
        HttpResponse<String> portalMissing = member.json("GET", "/user/no-such-page.xhtml", null);
        assertPlainNotFound(adminMissing.status(), adminMissing.body());
        assertPlainNotFound(portalMissing.statusCode(), portalMissing.body());
        // Faces' own search for a missing page made Liberty file an incident (NoSuchElementException) for each
        assertEquals(List.of(), Incidents.ofThisRun().stream().filter(i -> i.exception().equals("java.util.NoSuchElementException")).toList(),
                "a missing page is the visitor's mistake, not a server failure");
        for (String trick : List.of("/user/../dashboard.xhtml", "/user/../cleanup.xhtml", LIBERTY_CUT + "dashboard.xhtml")) {
            RawHttp.Reply reply = admin.get(trick);
            assertEquals(400, reply.status(), trick + " is no plain path, signed in or not: " + reply.body());
        }
    }

    private static void assertPlainNotFound(int status, String body) {
        assertEquals(404, status, body);
        assertTrue(body.contains("Page not found"), body);
        assertFalse(body.contains("Exception") || body.contains("/wlp/") || body.contains("at com."), "shows internals: " + body);
    }

    @Test
    void pathTricksReachNoProtectedRoute() {
        List<String[]> tricks = List.of(
                new String[]{ItConfig.adminUrl(), "GET", "/login.xhtml/../api/users"},
                new String[]{ItConfig.adminUrl(), "GET", "/api/users;jsessionid=x"},
                new String[]{ItConfig.adminUrl(), "GET", "//api/users"},
                new String[]{ItConfig.adminUrl(), "GET", "/jakarta.faces.resource/%2e%2e/api/users"},
                new String[]{ItConfig.orchestratorUrl(), "GET", "/v1/models/../admin/ontology-gaps"},
                new String[]{ItConfig.orchestratorUrl(), "GET", "/v1/admin/ontology-gaps;jsessionid=x"},
                new String[]{ItConfig.orchestratorUrl(), "GET", "//v1/admin/planner-patterns"},
                new String[]{ItConfig.orchestratorUrl(), "GET", "/v1/models/%2e%2e/admin/planner-patterns"},
                new String[]{ItConfig.orchestratorUrl(), "POST", "/v1/models/../chat/completions"},
                new String[]{ItConfig.toolsUrl(), "POST", "/tools/../invoke"},
                new String[]{ItConfig.toolsUrl(), "POST", "/health/%2e%2e/invoke"},
                new String[]{ItConfig.toolsUrl(), "PUT", "/tools/../tools/calculate;jsessionid=x"});
        List<String> failures = new ArrayList<>();
        for (String[] trick : tricks) {
            boolean withBody = !trick[1].equals("GET");
            RawHttp.Reply reply = RawHttp.send(trick[0], null, trick[1], trick[2], withBody ? "{}" : null,
                    "Content-Type", "application/json");
            if (!refused(reply)) {
                failures.add(trick[1] + " " + trick[0] + trick[2] + " → " + reply.status());
            }
        }
        assertEquals(List.of(), failures, "a path trick reached a protected route");
    }

    @Test
    void serverEndpointsOutsideTheDocumentAreOpenOnlyByDesign() {
        assertEquals(200, RawHttp.send(ItConfig.orchestratorUrl(), null, "GET", "/health", null).status());
        assertEquals(200, RawHttp.send(ItConfig.orchestratorUrl(), null, "GET", "/v1/models", null).status());
        RawHttp.Reply metrics = RawHttp.send(ItConfig.orchestratorUrl(), null, "GET", "/metrics", null);
        assertTrue(metrics.status() / 100 != 2 && !metrics.body().contains("moe_"), "/metrics without credentials: " + metrics);
        RawHttp.Reply portal = RawHttp.send(ItConfig.adminUrl(), null, "GET", "/user/login", null);
        assertEquals(200, portal.status(), "/user/login → " + portal);
        assertFalse(portal.body().contains("@example.org"), "the portal's sign-in page shows no user data");
    }

    /** A stranger's request was refused: 401/403/400/404/405, or a redirect to the sign-in page. */
    private static boolean refused(RawHttp.Reply reply) {
        return reply.redirectsToSignIn() || Set.of(400, 401, 403, 404, 405).contains(reply.status());
    }

    private static List<String> pages(String dir) throws IOException {
        try (Stream<Path> files = Files.list(Path.of(dir))) {
            return files.map(f -> f.getFileName().toString()).filter(n -> n.endsWith(".xhtml")).sorted().toList();
        }
    }
}
