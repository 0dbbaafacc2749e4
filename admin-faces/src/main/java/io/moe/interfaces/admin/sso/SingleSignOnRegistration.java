package io.moe.interfaces.admin.sso;

import io.moe.infrastructure.oidc.OidcSettings;
import jakarta.inject.Inject;
import jakarta.servlet.HttpConstraintElement;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.ServletRegistration;
import jakarta.servlet.ServletSecurityElement;
import jakarta.servlet.annotation.ServletSecurity;
import jakarta.servlet.annotation.WebListener;

/**
 * Maps {@code /sso} (start) and {@code /sso/callback} (the provider's redirect) to
 * {@link SingleSignOnServlet}, protected for any authenticated caller so that the OpenID mechanism
 * runs there — or, while no provider is configured, to {@link SingleSignOnOff}, which says so.
 */
@WebListener
public class SingleSignOnRegistration implements ServletContextListener {

    @Inject
    OidcSettings settings;

    @Override
    public void contextInitialized(ServletContextEvent event) {
        ServletContext context = event.getServletContext();
        if (settings.isConfigured()) {
            ServletRegistration.Dynamic sso = context.addServlet("single-sign-on", SingleSignOnServlet.class);
            sso.addMapping("/sso", "/sso/callback");
            sso.setServletSecurity(new ServletSecurityElement(new HttpConstraintElement(
                    ServletSecurity.TransportGuarantee.NONE, "**")));
        } else {
            context.addServlet("single-sign-on-off", SingleSignOnOff.class).addMapping("/sso", "/sso/callback");
        }
    }
}
