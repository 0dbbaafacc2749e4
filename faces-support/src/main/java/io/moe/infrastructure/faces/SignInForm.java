package io.moe.infrastructure.faces;

import io.moe.infrastructure.web.BrowserSession;
import io.moe.infrastructure.web.PasswordSignIn;
import jakarta.faces.application.FacesMessage;
import jakarta.faces.context.ExternalContext;
import jakarta.faces.context.FacesContext;
import jakarta.servlet.http.HttpServletRequest;

import java.io.IOException;

/**
 * A sign-in form's fields and its submit: username and password checked by {@link PasswordSignIn} (throttled
 * before the hash, session fixation protection), a refusal shown as a page message, success redirected to the
 * application's landing page. The admin application and the portal each have one, with their own session and
 * audience. The form is a stateless view; {@link SameOriginForms} refuses posts from another site.
 */
public abstract class SignInForm {

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

    /** Signs in with {@code signIn} into {@code session} for {@code audience}, then goes to {@code landing} (a path in the application). */
    protected void signIn(PasswordSignIn signIn, BrowserSession session, PasswordSignIn.Audience audience, String landing) throws IOException {
        FacesContext faces = FacesContext.getCurrentInstance();
        ExternalContext external = faces.getExternalContext();
        var refusal = signIn.signIn((HttpServletRequest) external.getRequest(), session, audience, username, password);
        password = null;
        if (refusal.isPresent()) {
            faces.addMessage(null, new FacesMessage(FacesMessage.SEVERITY_ERROR, refusal.get(), null));
            return;
        }
        external.redirect(external.getRequestContextPath() + landing);
    }
}
