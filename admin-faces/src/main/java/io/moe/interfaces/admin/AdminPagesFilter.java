package io.moe.interfaces.admin;

import io.moe.infrastructure.faces.FailurePage;
import io.moe.infrastructure.faces.FormBodies;
import io.moe.infrastructure.faces.MissingPage;
import io.moe.infrastructure.faces.PageFilterPass;
import io.moe.infrastructure.faces.PageRedirect;
import io.moe.infrastructure.faces.PlainPostbackNonce;
import io.moe.infrastructure.faces.SameOriginForms;
import io.moe.infrastructure.web.BrowserPolicy;
import io.moe.infrastructure.web.BrowserSession;
import io.moe.infrastructure.web.CanonicalPaths;
import io.moe.infrastructure.web.OnePolicyResponse;
import io.moe.infrastructure.web.PasswordSignIn;
import jakarta.inject.Inject;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.io.IOException;
import java.util.Objects;
import java.util.Set;

/**
 * Lets a request reach an admin page only for a session that still stands: the signed-in account is read
 * again on every request and must be an active admin with the credentials it signed in with, otherwise
 * the session is invalidated and the browser goes to the sign-in page. The decision is made on the path
 * the container routes by (servlet path and path info, decoded and normalised), never on the raw URI, so
 * {@code /api/../users.xhtml} is the users page here too. Open are only the sign-in page, single sign-on,
 * Faces resources and the JSON API, which authenticates its own callers. Every request the Faces servlet serves
 * meets this filter, whatever path the container routed it by ({@link PageFilterPass}).
 */
@WebFilter(urlPatterns = "/*", servletNames = "Faces Servlet", asyncSupported = true)
public class AdminPagesFilter extends HttpFilter {

    private static final String SIGN_IN = "/login.xhtml";
    private static final Set<String> OPEN = Set.of(SIGN_IN, "/sso", "/sso/callback", "/api");

    @Inject
    PasswordSignIn signIn;

    @Inject
    BrowserPolicy browser;

    @Inject
    @ConfigProperty(name = "moe.admin.public-url", defaultValue = "http://127.0.0.1:8088")
    String publicUrl;

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        if (!PageFilterPass.first(request, getFilterName())) {
            chain.doFilter(request, response);
            return;
        }
        browser.apply(request, response);
        if (CanonicalPaths.refused(request, response) || FormBodies.refused(request, response, isOpen(routedPath(request)))
                || routedPath(request).equals(SIGN_IN)
                && (FormBodies.notUrlEncoded(request, response) || SameOriginForms.refused(request, response, publicUrl))) {
            return;
        }
        boolean admitted;
        try {
            admitted = isOpen(routedPath(request)) || stands(request);
        } catch (RuntimeException e) { // the session check needs the database
            FailurePage.show(request, new OnePolicyResponse(response), e);
            return;
        }
        if (admitted) {
            if (MissingPage.answered(request, new OnePolicyResponse(response), routedPath(request))) {
                return;
            }
            if (PlainPostbackNonce.isPlainPagePost(request, routedPath(request))) {
                request.getRequestDispatcher(routedPath(request)).forward(request, new OnePolicyResponse(response));
                return;
            }
            chain.doFilter(request, new OnePolicyResponse(response));
            return;
        }
        if (AdminSession.userId(request).isPresent()) {
            // an admin session that no longer stands ends here; a session without a sign-in (one that holds
            // the sign-in form's view while the browser asks for /favicon.ico) is left alone
            AdminSession.invalidate(request);
        }
        PageRedirect.to(request, response, request.getContextPath() + "/login.xhtml");
    }

    /** The path within the application as the container mapped it. */
    static String routedPath(HttpServletRequest request) {
        return request.getServletPath() + Objects.toString(request.getPathInfo(), "");
    }

    static boolean isOpen(String path) {
        return OPEN.contains(path) || path.startsWith("/api/") || path.startsWith("/jakarta.faces.resource/");
    }

    private boolean stands(HttpServletRequest request) {
        return signIn.stands(request, BrowserSession.ADMIN, PasswordSignIn.Audience.ADMINS);
    }
}
