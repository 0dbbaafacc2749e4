package io.moe.infrastructure.web;

import io.moe.application.identity.AdminSessions;
import io.moe.application.identity.IdentityException;
import io.moe.domain.identity.SsoIdentity;
import io.moe.domain.identity.UserAccount;
import io.moe.infrastructure.oidc.OidcSettings;
import io.moe.infrastructure.oidc.SignedInIdentity;
import jakarta.security.enterprise.identitystore.openid.OpenIdContext;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.util.function.Function;
import java.util.logging.Logger;

/**
 * Where a browser lands after the OpenID mechanism signed it in at the provider (the admin application's and the
 * portal's {@code /sso/callback}): the identity is admitted by {@code admit}, and then the browser session of
 * {@code session}'s kind starts under a new session id and the browser goes to {@code landing}; a refusal is a
 * page with the reason and a link back to {@code signIn}.
 */
public final class SingleSignOnLanding {

    private static final Logger LOG = Logger.getLogger(SingleSignOnLanding.class.getName());

    private SingleSignOnLanding() {
    }

    public static void land(HttpServletRequest request, HttpServletResponse response, OidcSettings settings, OpenIdContext openId,
                            Function<SsoIdentity, UserAccount> admit, AdminSessions sessions, BrowserSession session,
                            String landing, String signIn) throws IOException {
        SsoIdentity identity = SignedInIdentity.of(settings, openId);
        UserAccount user;
        try {
            user = admit.apply(identity);
        } catch (IdentityException e) {
            LOG.info(() -> "single sign-on refused for subject " + identity.subject() + ": " + e.code());
            SignInPages.refused(response, RefusalStatus.of(e), "Sign-in refused", e.getMessage(), request.getContextPath() + signIn);
            return;
        }
        session.signIn(request, user.id(), sessions.stampOf(user));
        session.markSingleSignOn(request);
        response.sendRedirect(request.getContextPath() + landing);
    }
}
