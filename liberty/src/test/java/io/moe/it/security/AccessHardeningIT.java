package io.moe.it.security;

import io.moe.it.Http;
import io.moe.it.ItConfig;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Smaller access hardening: negative key cache, where the first admin's credentials go, page headers. */
class AccessHardeningIT {

    @Test
    void anUnknownKeyIsRememberedBrieflySoItNoLongerReachesTheDatabase() throws Exception {
        String key = "moe-sk-" + HexFormat.of().formatHex(java.security.SecureRandom.getInstanceStrong().generateSeed(24));
        assertEquals(401, Http.post(ItConfig.orchestratorUrl() + "/v1/feedback", "{}", "Authorization", "Bearer " + key).statusCode());
        String entry = "moe:key-unknown:" + sha256(key);
        assertEquals(1, redisExists(entry), "the unknown hash is cached (" + entry + ")");
        long ttl = redisTtl(entry);
        assertTrue(ttl > 0 && ttl <= 30, "briefly: " + ttl + " s");
        assertEquals(401, Http.post(ItConfig.adminUrl() + "/api/users", "{}", "Authorization", "Bearer " + key).statusCode(),
                "and still refused, on every port");
    }

    @Test
    void theFirstAdminsCredentialsAreWrittenToTheDataDirectoryNotTheServersWorkingDirectory() throws IOException {
        Path data = Path.of(System.getProperty("moe.it.data-dir"), "first-admin-credentials.txt");
        Path server = Path.of(System.getProperty("moe.it.server-dir"), "first-admin-credentials.txt");
        assertTrue(Files.exists(data), "written to " + data);
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(data)));
        assertTrue(Files.readString(data).contains("admin_username="));
        assertFalse(Files.exists(server), "nothing in the server's working directory: " + server);
    }

    @Test
    void adminAndPortalPagesTellBrowsersNotToFrameRunForeignScriptsOrLeakReferrers() {
        for (String[] page : new String[][]{{ItConfig.adminUrl(), "/login.xhtml"}, {ItConfig.adminUrl(), "/users.xhtml"},
                {ItConfig.adminUrl(), "/user/"}}) {
            RawHttp.Reply reply = RawHttp.send(page[0], null, "GET", page[1], null);
            String csp = reply.header("Content-Security-Policy").orElse("");
            for (String directive : new String[]{"frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'", "script-src 'self'"}) {
                assertTrue(csp.contains(directive), page[1] + " CSP has " + directive + ": " + csp);
            }
            assertFalse(csp.contains("unsafe-eval"), csp);
            assertEquals("same-origin", reply.header("Referrer-Policy").orElse(""), page[1]);
            assertFalse(reply.header("Strict-Transport-Security").isPresent(), "no HSTS over plain HTTP while cookies are not Secure");
        }
    }

    private static String sha256(String text) throws NoSuchAlgorithmException {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
    }

    private static long redisExists(String key) throws IOException {
        return redis("EXISTS " + key);
    }

    private static long redisTtl(String key) throws IOException {
        return redis("TTL " + key);
    }

    @Test
    void aSignInFormLargerThanTheFormTakesIsRefusedBeforeItIsRead() throws IOException {
        String big = "username=" + "a".repeat(100_000) + "&password=x";
        for (String page : new String[]{"/login.xhtml", "/user/login", "/user/forgot"}) {
            RawHttp.Reply r = RawHttp.send(ItConfig.adminUrl(), null, "POST", page, big, "Content-Type", "application/x-www-form-urlencoded");
            assertEquals(413, r.status(), page + ": " + r);
        }
        URI admin = URI.create(ItConfig.adminUrl());
        try (Socket socket = new Socket(admin.getHost(), admin.getPort())) { // a form whose length is not said: chunked
            socket.setSoTimeout(30_000);
            OutputStream out = socket.getOutputStream();
            out.write(("POST /login.xhtml HTTP/1.1\r\nHost: " + admin.getHost() + ":" + admin.getPort() + "\r\nConnection: close\r\n"
                    + "Content-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n"
                    + "5\r\nab=cd\r\n0\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            String status = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.ISO_8859_1)).readLine();
            assertTrue(status.startsWith("HTTP/1.1 411"), status);
        }
    }

    @Test
    void showingASignInFormStartsNoSessionAndAPostFromAnotherSiteIsRefused() {
        for (String page : new String[]{"/login.xhtml", "/user/login", "/user/forgot", "/user/reset?token=" + "0".repeat(64)}) {
            var shown = Http.get(ItConfig.adminUrl() + page);
            assertEquals(200, shown.statusCode(), page);
            assertTrue(shown.headers().allValues("Set-Cookie").stream().noneMatch(c -> c.startsWith("JSESSIONID")),
                    page + " started a session: " + shown.headers().allValues("Set-Cookie"));
        }
        String form = "login=login&login%3Ausername=someone&login%3Apassword=wrong-password&login%3Asubmit=&jakarta.faces.ViewState=stateless";
        for (String page : new String[]{"/login.xhtml", "/user/login"}) {
            RawHttp.Reply foreign = RawHttp.send(ItConfig.adminUrl(), null, "POST", page, form,
                    "Content-Type", "application/x-www-form-urlencoded", "Origin", "https://evil.example");
            assertEquals(403, foreign.status(), page + ": " + foreign);
            RawHttp.Reply own = RawHttp.send(ItConfig.adminUrl(), null, "POST", page, form,
                    "Content-Type", "application/x-www-form-urlencoded", "Origin", ItConfig.adminUrl());
            assertEquals(200, own.status(), page + ": " + own);
            assertTrue(own.body().contains("Sign-in failed: wrong username or password"), "the form answers with its refusal: " + own);
            RawHttp.Reply crossSite = RawHttp.send(ItConfig.adminUrl(), null, "POST", page, form,
                    "Content-Type", "application/x-www-form-urlencoded", "Sec-Fetch-Site", "cross-site", "Origin", ItConfig.adminUrl());
            assertEquals(403, crossSite.status(), "the browser's own word on where the post comes from counts first: " + crossSite);
            RawHttp.Reply proxied = RawHttp.send(ItConfig.adminUrl(), null, "POST", page, form,
                    "Content-Type", "application/x-www-form-urlencoded", "Sec-Fetch-Site", "same-origin", "Origin", "https://moe.example.org");
            assertEquals(200, proxied.status(), "behind a proxy that rewrites Host, a same-origin post still passes: " + proxied);
            RawHttp.Reply multipart = RawHttp.send(ItConfig.adminUrl(), null, "POST", page, "--b\r\n\r\nx\r\n--b--\r\n",
                    "Content-Type", "multipart/form-data; boundary=b");
            assertEquals(415, multipart.status(), "a sign-in form takes URL-encoded posts only: " + multipart);
        }
    }

    /** One inline Redis command with an integer reply. */
    private static long redis(String command) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", Integer.parseInt(System.getProperty("moe.it.redis-port", "26379")))) {
            OutputStream out = socket.getOutputStream();
            out.write((command + "\r\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
            String line = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8)).readLine();
            assertTrue(line.startsWith(":"), "integer reply: " + line);
            return Long.parseLong(line.substring(1));
        }
    }
}
