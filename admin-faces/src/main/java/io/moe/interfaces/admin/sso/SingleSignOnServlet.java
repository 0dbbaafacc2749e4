package io.moe.interfaces.admin.sso;

import io.moe.application.identity.AdminSessions;
import io.moe.application.identity.SingleSignOnAdmission;
import io.moe.infrastructure.oidc.OidcSettings;
import io.moe.infrastructure.web.BrowserSession;
import io.moe.infrastructure.web.SingleSignOnLanding;
import jakarta.inject.Inject;
import jakarta.security.enterprise.identitystore.openid.OpenIdContext;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;

/**
 * Reached only after the OpenID mechanism has signed the caller in at the provider: reads the ID
 * token (and userinfo) claims, admits members of the admin group as admins and starts the admin
 * session, which the rest of the application knows.
 */
public class SingleSignOnServlet extends HttpServlet {

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
        SingleSignOnLanding.land(request, response, settings, openId, accounts::admit, sessions, BrowserSession.ADMIN,
                "/index.xhtml", "/login.xhtml");
    }
}
