package io.moe.interfaces.portal;

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
 * Every portal route needs a signed-in active user: the portal session ({@link BrowserSession#PORTAL}) must
 * still stand (the account is read again on every request: active, with the password it signed in with),
 * otherwise the session ends and the browser goes to {@code /user/login}. The decision is made on the path
 * the container routes by, never on the raw URI. Open are only the sign-in page, single sign-on, the forgotten-password pages, Faces resources and the
 * portal JSON API, which checks the same session itself (and answers 401 instead of a redirect). Every page
 * gets the same security headers as the admin pages ({@link BrowserPolicy}). Every request the Faces servlet serves
 * meets this filter, whatever path the container routed it by ({@link PageFilterPass}).
 */
@WebFilter(urlPatterns = "/*", servletNames = "Faces Servlet", asyncSupported = true)
public class PortalPagesFilter extends HttpFilter {

    static final String SIGN_IN = "/login";
    /** The stateless forms of the open pages: sign-in, forgotten password, reset. */
    private static final Set<String> FORMS = Set.of(SIGN_IN, "/login.xhtml", "/forgot", "/forgot.xhtml", "/reset", "/reset.xhtml");
    private static final Set<String> OPEN = Set.of(SIGN_IN, "/login.xhtml", "/sso", "/sso/callback", "/forgot", "/forgot.xhtml",
            "/reset", "/reset.xhtml");

    @Inject
    BrowserPolicy browser;

    @Inject
    @ConfigProperty(name = "moe.admin.public-url", defaultValue = "http://127.0.0.1:8088")
    String publicUrl;

    @Inject
    PasswordSignIn signIn;

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        if (!PageFilterPass.first(request, getFilterName())) {
            chain.doFilter(request, response);
            return;
        }
        browser.apply(request, response);
        String path = request.getServletPath() + Objects.toString(request.getPathInfo(), "");
        boolean open = isOpen(path);
        if (CanonicalPaths.refused(request, response) || FormBodies.refused(request, response, open)
                || FORMS.contains(path) && (FormBodies.notUrlEncoded(request, response) || SameOriginForms.refused(request, response, publicUrl))) {
            return;
        }
        boolean admitted;
        try {
            admitted = open || signIn.stands(request, BrowserSession.PORTAL, PasswordSignIn.Audience.USERS);
        } catch (RuntimeException e) { // the session check needs the database
            FailurePage.show(request, new OnePolicyResponse(response), e);
            return;
        }
        if (admitted) {
            if (!open && (path.equals("/") || path.equals("/index.xhtml"))) {
                response.sendRedirect(request.getContextPath() + "/dashboard");
                return;
            }
            if (MissingPage.answered(request, new OnePolicyResponse(response), path)) {
                return;
            }
            if (PlainPostbackNonce.isPlainPagePost(request, path)) {
                request.getRequestDispatcher(path).forward(request, new OnePolicyResponse(response));
                return;
            }
            chain.doFilter(request, new OnePolicyResponse(response));
            return;
        }
        if (BrowserSession.PORTAL.userId(request).isPresent()) {
            BrowserSession.PORTAL.invalidate(request);
        }
        PageRedirect.to(request, response, request.getContextPath() + SIGN_IN);
    }

    static boolean isOpen(String path) {
        return OPEN.contains(path) || path.startsWith("/api/") || path.startsWith("/jakarta.faces.resource/");
    }
}
