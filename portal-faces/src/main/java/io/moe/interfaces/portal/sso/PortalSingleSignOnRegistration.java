package io.moe.interfaces.portal.sso;

import io.moe.infrastructure.oidc.OidcSettings;
import io.moe.infrastructure.web.SignInPages;
import jakarta.inject.Inject;
import jakarta.servlet.HttpConstraintElement;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.ServletRegistration;
import jakarta.servlet.ServletSecurityElement;
import jakarta.servlet.annotation.ServletSecurity;
import jakarta.servlet.annotation.WebListener;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;

/**
 * Maps {@code /user/sso} (start) and {@code /user/sso/callback} (the provider's redirect) to
 * {@link PortalSingleSignOn}, protected for any authenticated caller so that the OpenID mechanism runs there —
 * or, while no provider is configured, to a page that says so (404).
 */
@WebListener
public class PortalSingleSignOnRegistration implements ServletContextListener {

    @Inject
    OidcSettings settings;

    @Override
    public void contextInitialized(ServletContextEvent event) {
        ServletContext context = event.getServletContext();
        if (settings.isConfigured()) {
            ServletRegistration.Dynamic sso = context.addServlet("portal-single-sign-on", PortalSingleSignOn.class);
            sso.addMapping("/sso", "/sso/callback");
            sso.setServletSecurity(new ServletSecurityElement(new HttpConstraintElement(ServletSecurity.TransportGuarantee.NONE, "**")));
        } else {
            context.addServlet("portal-single-sign-on-off", Off.class).addMapping("/sso", "/sso/callback");
        }
    }

    /** Answers the single sign-on URLs while no identity provider is configured. */
    public static class Off extends HttpServlet {

        private static final long serialVersionUID = 1L;

        @Override
        protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
            SignInPages.refused(response, 404, "Single sign-on is not configured",
                    "Your administrator has not connected an identity provider; sign in with your username and password.",
                    request.getContextPath() + "/login");
        }
    }
}
