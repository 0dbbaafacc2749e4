package io.moe.infrastructure.faces;

import jakarta.servlet.ServletContext;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.lang.reflect.Proxy;
import java.net.URL;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MissingPageTest {

    private static final Set<String> PAGES = Set.of("/dashboard.xhtml", "/failure.xhtml");

    private final List<Integer> sent = new ArrayList<>();

    @Test
    void aPageTheModuleDoesNotHaveIsA404BeforeFacesLooksForIt() throws IOException {
        assertTrue(MissingPage.answered(request(), response(), "/no-such-page.xhtml"));
        assertEquals(List.of(404), sent);
    }

    @Test
    void pagesItHasResourcesAndOtherPathsGoOn() throws IOException {
        assertFalse(MissingPage.answered(request(), response(), "/dashboard.xhtml"));
        assertFalse(MissingPage.answered(request(), response(), "/jakarta.faces.resource/theme.css.xhtml"));
        assertFalse(MissingPage.answered(request(), response(), "/api/users"));
        assertFalse(MissingPage.answered(request(), response(), "/dashboard"));
        assertEquals(List.of(), sent, "nothing was sent for them");
    }

    private static HttpServletRequest request() {
        ServletContext context = proxy(ServletContext.class, (method, args) -> method.equals("getResource") && PAGES.contains((String) args[0])
                ? new URL("file:/webapp" + args[0]) : null);
        return proxy(HttpServletRequest.class, (method, args) -> method.equals("getServletContext") ? context : null);
    }

    private HttpServletResponse response() {
        return proxy(HttpServletResponse.class, (method, args) -> {
            if (method.equals("sendError")) {
                sent.add((Integer) args[0]);
            }
            return null;
        });
    }

    private interface Answer {
        Object answer(String method, Object[] args) throws Exception;
    }

    private static <T> T proxy(Class<T> type, Answer answer) {
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[]{type},
                (self, method, args) -> answer.answer(method.getName(), args)));
    }
}
