package io.moe.interfaces.admin;

import io.moe.infrastructure.faces.SignInForm;
import io.moe.infrastructure.web.BrowserSession;
import io.moe.infrastructure.web.PasswordSignIn;
import jakarta.enterprise.context.RequestScoped;
import jakarta.faces.context.ExternalContext;
import jakarta.faces.context.FacesContext;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;

/**
 * The sign-in form: username and password of an active admin (PBKDF2 hash check), throttled per
 * address and per username and address before the hash is computed ({@link PasswordSignIn}). The view is
 * stateless (showing it starts no session); a post from another site is refused by its {@code Origin}
 * ({@code SameOriginForms}).
 */
@Named
@RequestScoped
public class LoginPage extends SignInForm {

    @Inject
    PasswordSignIn signIn;

    public void login() throws IOException {
        signIn(signIn, BrowserSession.ADMIN, PasswordSignIn.Audience.ADMINS, "/index.xhtml");
    }

    /**
     * Ends the admin session. One that came through single sign-on goes on to the provider's
     * end-session endpoint (the container has already redirected there), which returns to this page.
     */
    public void logout() throws IOException {
        FacesContext faces = FacesContext.getCurrentInstance();
        ExternalContext external = faces.getExternalContext();
        AdminSession.signOut((HttpServletRequest) external.getRequest());
        if (((HttpServletResponse) external.getResponse()).isCommitted()) {
            faces.responseComplete();
            return;
        }
        external.redirect(external.getRequestContextPath() + "/login.xhtml");
    }

    /** The CSRF token of the current session, for the pages' JSON calls. */
    public String getCsrfToken() {
        return AdminSession.csrfToken((HttpServletRequest) FacesContext.getCurrentInstance().getExternalContext().getRequest());
    }
}
