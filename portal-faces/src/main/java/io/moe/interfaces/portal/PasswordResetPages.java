package io.moe.interfaces.portal;

import io.moe.application.identity.ClientAddresses;
import io.moe.application.identity.PasswordResets;
import io.moe.domain.shared.Refusal;
import jakarta.enterprise.context.RequestScoped;
import jakarta.faces.application.FacesMessage;
import jakarta.faces.context.ExternalContext;
import jakarta.faces.context.FacesContext;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import jakarta.servlet.http.HttpServletRequest;

import java.io.IOException;

/**
 * The two pages of a forgotten password, open without a session: {@code /user/forgot} asks for a link by
 * username or e-mail (the answer is the same whether the account exists), {@code /user/reset?token=…} sets the new
 * password with a link and goes on to the sign-in page. Both through {@link PasswordResets}; the Faces view state
 * protects the forms against cross-site posts.
 */
@Named("passwordReset")
@RequestScoped
public class PasswordResetPages {

    @Inject
    PasswordResets resets;

    @Inject
    ClientAddresses addresses;

    private String name;
    private String password;
    private boolean requested;
    private Boolean tokenValid;
    /** The link's token: the page's {@code token} parameter, in its address when shown, in a hidden field when sent (the view is stateless). */
    private String token;

    /** Whether a user can ask for a link by e-mail here (a mail server is configured); else an admin issues one. */
    public boolean isByEmail() {
        return resets.byEmail();
    }

    public void request() {
        FacesContext faces = FacesContext.getCurrentInstance();
        HttpServletRequest http = (HttpServletRequest) faces.getExternalContext().getRequest();
        var refusal = resets.request(name, addresses.of(http.getRemoteAddr(), http.getHeader("X-Forwarded-For")));
        if (refusal.isPresent()) {
            faces.addMessage(null, new FacesMessage(FacesMessage.SEVERITY_ERROR, refusal.get(), null));
            return;
        }
        requested = true;
    }

    public void reset() throws IOException {
        FacesContext faces = FacesContext.getCurrentInstance();
        try {
            resets.redeem(getToken(), password);
            ExternalContext external = faces.getExternalContext();
            external.redirect(external.getRequestContextPath() + "/login?reset=done");
        } catch (Refusal e) {
            faces.addMessage("token".equals(e.field()) ? null : "reset:password", new FacesMessage(FacesMessage.SEVERITY_ERROR, e.getMessage(), null));
            faces.validationFailed();
        } finally {
            password = null;
        }
    }

    /** Whether the page's link may still be used (the reset form is shown only then); read once per request. */
    public boolean isTokenValid() {
        if (tokenValid == null) {
            tokenValid = resets.isValid(getToken());
        }
        return tokenValid;
    }

    public boolean isRequested() {
        return requested;
    }

    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    public String getToken() {
        if (token == null) { // the form's own rendering is decided before the view parameter is applied
            token = FacesContext.getCurrentInstance().getExternalContext().getRequestParameterMap().get("token");
        }
        return token;
    }

    public void setToken(String token) {
        if (token != null) {
            this.token = token;
        }
    }

    public String getPassword() {
        return null;
    }

    public void setPassword(String password) {
        this.password = password;
    }
}
