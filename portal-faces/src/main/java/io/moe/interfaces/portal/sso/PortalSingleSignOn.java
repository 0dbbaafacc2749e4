package io.moe.interfaces.portal.sso;

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
 * Reached only after the OpenID mechanism has signed the person in at the provider: admits them to the portal
 * (the first sign-in creates the account with the configured default grants; their groups add grants and the
 * role expert, see {@code SsoGrantRules}) and starts the portal session under a new session id.
 */
public class PortalSingleSignOn extends HttpServlet {

    private static final long serialVersionUID = 1L;

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
        SingleSignOnLanding.land(request, response, settings, openId, accounts::admitUser, sessions, BrowserSession.PORTAL,
                "/dashboard", "/login");
    }
}
