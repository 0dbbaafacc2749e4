package io.moe.interfaces.portal;

import io.moe.infrastructure.web.BrowserSession;
import io.moe.infrastructure.web.PasswordSignIn;
import jakarta.enterprise.context.RequestScoped;
import jakarta.faces.application.FacesMessage;
import jakarta.faces.context.ExternalContext;
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
public class PortalLogin {

    @Inject
    PasswordSignIn signIn;

    private String username;
    private String password;

    public String getUsername() {
        return username;
    }

    public void setUsername(String username) {
        this.username = username;
    }

    public String getPassword() {
        return password;
    }

    public void setPassword(String password) {
        this.password = password;
    }

    public void login() throws IOException {
        FacesContext faces = FacesContext.getCurrentInstance();
        ExternalContext external = faces.getExternalContext();
        HttpServletRequest request = (HttpServletRequest) external.getRequest();
        var refusal = signIn.signIn(request, BrowserSession.PORTAL, PasswordSignIn.Audience.USERS, username, password);
        password = null;
        if (refusal.isPresent()) {
            faces.addMessage(null, new FacesMessage(FacesMessage.SEVERITY_ERROR, refusal.get(), null));
            return;
        }
        external.redirect(external.getRequestContextPath() + "/dashboard");
    }

    /** The CSRF token of the portal session, for the pages' JSON calls and plain forms. */
    public String getCsrfToken() {
        return BrowserSession.PORTAL.csrfToken((HttpServletRequest) FacesContext.getCurrentInstance().getExternalContext().getRequest());
    }
}
