package io.moe.it.security;

import io.moe.it.identity.Admin;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Sign-in throttling behind a proxy: the test server trusts 127.0.0.1 as a proxy, so browsers connecting
 * from there are counted under the address in X-Forwarded-For; a client connecting from 127.0.0.2 is no
 * proxy, and the header it sends is ignored.
 */
class SignInThrottleIT {

    private static final String PASSWORD = "the-right-password-1";

    private static String newAdmin() {
        String name = "p" + UUID.randomUUID().toString().substring(0, 10);
        HttpResponse<String> created = Admin.post(Admin.USERS, "{\"username\":\"" + name + "\",\"email\":\"" + name
                + "@example.org\",\"password\":\"" + PASSWORD + "\",\"is_admin\":true}");
        assertEquals(201, created.statusCode(), created.body());
        return name;
    }

    private static void failFiveTimes(AdminBrowser browser, String username) {
        for (int i = 0; i < 5; i++) {
            RawHttp.Reply failed = browser.signIn(username, "a-wrong-password-" + i);
            assertTrue(failed.body().contains("Sign-in failed"), failed.toString());
        }
    }

    @Test
    void wrongPasswordsFromOneForwardedAddressDoNotLockOutTheSameAdminElsewhere() {
        String admin = newAdmin();
        failFiveTimes(new AdminBrowser("127.0.0.1", "203.0.113.10"), admin);

        RawHttp.Reply locked = new AdminBrowser("127.0.0.1", "203.0.113.10").signIn(admin, PASSWORD);
        assertTrue(locked.body().contains("Too many failed sign-ins"), "that address waits: " + locked);
        RawHttp.Reply elsewhere = new AdminBrowser("127.0.0.1", "203.0.113.11").signIn(admin, PASSWORD);
        assertEquals(302, elsewhere.status(), "the admin behind the same proxy but at another address signs in: " + elsewhere);
    }

    @Test
    void theForwardedForHeaderOfAClientThatIsNoTrustedProxyIsIgnored() {
        String admin = newAdmin();
        failFiveTimes(new AdminBrowser("127.0.0.2", "198.51.100.20"), admin);

        RawHttp.Reply locked = new AdminBrowser("127.0.0.2", "198.51.100.21").signIn(admin, PASSWORD);
        assertTrue(locked.body().contains("Too many failed sign-ins"),
                "a made-up header does not buy a fresh counter: " + locked);
    }
}
