package io.moe.interfaces.admin;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpSession;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Proxy;
import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AdminSessionTest {

    /** A request whose session holds {@code attributes}. */
    private static HttpServletRequest requestWith(Map<String, Object> attributes) {
        HttpSession session = (HttpSession) Proxy.newProxyInstance(HttpSession.class.getClassLoader(),
                new Class<?>[]{HttpSession.class}, (proxy, method, args) -> switch (method.getName()) {
                    case "getAttribute" -> attributes.get((String) args[0]);
                    default -> null;
                });
        return (HttpServletRequest) Proxy.newProxyInstance(HttpServletRequest.class.getClassLoader(),
                new Class<?>[]{HttpServletRequest.class}, (proxy, method, args) -> switch (method.getName()) {
                    case "getSession" -> session;
                    default -> null;
                });
    }

    @Test
    void aSessionWithoutACsrfTokenMatchesNoPresentedToken() {
        Map<String, Object> attributes = new HashMap<>(Map.of(AdminSession.USER, "u-1"));
        HttpServletRequest request = requestWith(attributes);
        assertEquals("", AdminSession.csrfToken(request));
        assertFalse(AdminSession.csrfMatches(request, "null"), "the string 'null' is no token");
        assertFalse(AdminSession.csrfMatches(request, ""));
        assertFalse(AdminSession.csrfMatches(request, null));
    }

    @Test
    void theSessionsOwnTokenMatches() {
        HttpServletRequest request = requestWith(Map.of(AdminSession.USER, "u-1", AdminSession.CSRF, "ab".repeat(32)));
        assertTrue(AdminSession.csrfMatches(request, "ab".repeat(32)));
        assertFalse(AdminSession.csrfMatches(request, "cd".repeat(32)));
    }
}
