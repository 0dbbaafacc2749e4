package io.moe.interfaces.admin.sso;

import io.moe.infrastructure.web.RefusalStatus;
import io.moe.application.identity.AdminSessions;
import io.moe.application.identity.IdentityException;
import io.moe.application.identity.SingleSignOnAdmission;
import io.moe.domain.identity.SsoIdentity;
import io.moe.domain.identity.UserAccount;
import io.moe.infrastructure.oidc.OidcSettings;
import io.moe.interfaces.admin.AdminSession;
import jakarta.inject.Inject;
import jakarta.security.enterprise.identitystore.openid.Claims;
import jakarta.security.enterprise.identitystore.openid.OpenIdContext;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.logging.Logger;

/**
 * Reached only after the OpenID mechanism has signed the caller in at the provider: reads the ID
 * token (and userinfo) claims, admits members of the admin group as admins and starts the admin
 * session, which the rest of the application knows.
 */
public class SingleSignOnServlet extends HttpServlet {

    private static final Logger LOG = Logger.getLogger(SingleSignOnServlet.class.getName());

    @Inject
    OpenIdContext openId;

    @Inject
    OidcSettings settings;

    @Inject
    SingleSignOnAdmission accounts;

    @Inject
    AdminSessions sessions;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        SsoIdentity identity = settings.identity(this::claim);
        UserAccount admin;
        try {
            admin = accounts.admit(identity);
        } catch (IdentityException e) {
            LOG.info(() -> "single sign-on refused for subject " + identity.subject() + ": " + e.code());
            page(response, RefusalStatus.of(e), "Sign-in refused", e.getMessage(), request.getContextPath());
            return;
        }
        AdminSession.signIn(request, admin.id(), sessions.stampOf(admin));
        AdminSession.markSingleSignOn(request);
        response.sendRedirect(request.getContextPath() + "/index.xhtml");
    }

    /** A claim of the ID token, else of the userinfo response; the groups claim as a list. */
    private Object claim(String name) {
        if ("sub".equals(name)) {
            return openId.getSubject();
        }
        Claims token = openId.getIdentityToken().getJwtClaims();
        Claims userinfo = openId.getClaims();
        if (name.equals(settings.getGroupsClaim())) {
            List<String> groups = token.getArrayStringClaim(name);
            return groups.isEmpty() ? userinfo.getArrayStringClaim(name) : groups;
        }
        return token.getStringClaim(name).or(() -> userinfo.getStringClaim(name)).orElse(null);
    }

    static void page(HttpServletResponse response, int status, String title, String message, String contextPath)
            throws IOException {
        response.setStatus(status);
        response.setContentType("text/html;charset=UTF-8");
        PrintWriter out = response.getWriter();
        out.print("<!DOCTYPE html><html lang=\"en\"><head><title>" + escape(title) + "</title></head><body><h1>"
                + escape(title) + "</h1><p role=\"alert\">" + escape(message) + "</p><p><a href=\"" + escape(contextPath)
                + "/login.xhtml\">Back to sign-in</a></p></body></html>");
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
