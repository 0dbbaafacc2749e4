package io.moe.interfaces.portal;

import io.moe.infrastructure.faces.SignInForm;
import io.moe.infrastructure.web.BrowserSession;
import io.moe.infrastructure.web.PasswordSignIn;
import jakarta.enterprise.context.RequestScoped;
import jakarta.faces.context.FacesContext;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import jakarta.servlet.http.HttpServletRequest;

import java.io.IOException;

/**
 * The portal's sign-in form: username and password of any active user, with the admin sign-in's
 * throttling, hash check and session fixation protection ({@link PasswordSignIn}); the Faces view state
 * protects the form against cross-site posts. The portal session is separate from an admin session.
 */
@Named
@RequestScoped
public class PortalLogin extends SignInForm {

    @Inject
    PasswordSignIn signIn;

    public void login() throws IOException {
        signIn(signIn, BrowserSession.PORTAL, PasswordSignIn.Audience.USERS, "/dashboard");
    }

    /** The CSRF token of the portal session, for the pages' JSON calls and plain forms. */
    public String getCsrfToken() {
        return BrowserSession.PORTAL.csrfToken((HttpServletRequest) FacesContext.getCurrentInstance().getExternalContext().getRequest());
    }
}
