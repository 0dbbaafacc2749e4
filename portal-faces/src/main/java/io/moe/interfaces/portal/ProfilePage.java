package io.moe.interfaces.portal;

import io.moe.application.identity.ClientAddresses;
import io.moe.application.identity.OwnAccount;
import io.moe.domain.identity.UserAccount;
import io.moe.domain.shared.Refusal;
import io.moe.infrastructure.faces.PageMessages;
import io.moe.infrastructure.faces.ViewState;
import io.moe.infrastructure.web.BrowserSession;
import io.moe.infrastructure.web.PasswordSignIn;
import jakarta.enterprise.context.RequestScoped;
import jakarta.faces.context.FacesContext;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import jakarta.servlet.http.HttpServletRequest;

import java.io.IOException;
import java.io.Serializable;
import java.util.List;
import java.util.Map;

/**
 * Backing bean of {@code /user/profile}: the user's name, e-mail and time zone (the portal shows times in it),
 * and a new password, which needs the current one. After a password change the session goes on under its new
 * stamp (every other session of the user ends), and the page is loaded again with the new CSRF token.
 */
@Named("portalProfile")
@RequestScoped
public class ProfilePage {

    private static final Map<String, String> FIELDS = Map.of("display_name", "details:name", "email", "details:email",
            "time_zone", "details:zone", "current_password", "details:current");
    private static final Map<String, String> PASSWORD_FIELDS = Map.of("current_password", "password:current",
            "password", "password:next");

    @Inject
    PortalUser user;

    @Inject
    OwnAccount account;

    @Inject
    PasswordSignIn signIn;

    @Inject
    ClientAddresses addresses;

    /** The details form's fields, read from the account when the page is first shown. */
    static final class Details implements Serializable {
        private static final long serialVersionUID = 1L;
        String displayName;
        String email;
        String timeZone;
    }

    private String currentPassword;
    private String newPassword;
    private String detailsPassword;

    private Details details() {
        return ViewState.of(Details.class, () -> {
            UserAccount a = user.getAccount();
            Details d = new Details();
            d.displayName = a.displayName();
            d.email = a.email();
            d.timeZone = a.timeZone();
            return d;
        });
    }

    public void save() {
        try {
            Details d = details();
            account.change(user.id(), d.displayName, d.email, d.timeZone, detailsPassword, clientAddress());
            user.reread(); // the top bar shows the new name
            PageMessages.done("Profile saved");
        } catch (Refusal e) {
            PageMessages.refused("Profile not saved", e, FIELDS);
        }
    }

    public void changePassword() throws IOException {
        try {
            UserAccount changed = account.changePassword(user.id(), currentPassword, newPassword, clientAddress());
            FacesContext faces = FacesContext.getCurrentInstance();
            signIn.renew((HttpServletRequest) faces.getExternalContext().getRequest(), BrowserSession.PORTAL, changed);
            faces.getExternalContext().redirect(faces.getExternalContext().getRequestContextPath() + "/profile?password=changed");
        } catch (Refusal e) {
            PageMessages.refused("Password not changed", e, PASSWORD_FIELDS);
        } finally {
            currentPassword = null;
            newPassword = null;
        }
    }

    private String clientAddress() {
        HttpServletRequest http = (HttpServletRequest) FacesContext.getCurrentInstance().getExternalContext().getRequest();
        return addresses.of(http.getRemoteAddr(), http.getHeader("X-Forwarded-For"));
    }

    public List<String> getTimeZones() {
        return OwnAccount.timeZones();
    }

    public boolean isPasswordChanged() {
        return "changed".equals(FacesContext.getCurrentInstance().getExternalContext().getRequestParameterMap().get("password"));
    }

    /** Whether the account is linked to a single sign-on identity: its password was never told to the person. */
    public boolean isSingleSignOn() {
        return user.getAccount().ssoSubject() != null;
    }

    public String getUsername() {
        return user.getAccount().username();
    }

    public String getDisplayName() {
        return details().displayName;
    }

    public void setDisplayName(String displayName) {
        details().displayName = displayName;
    }

    public String getEmail() {
        return details().email;
    }

    public void setEmail(String email) {
        details().email = email;
    }

    public String getTimeZone() {
        return details().timeZone;
    }

    public void setTimeZone(String timeZone) {
        details().timeZone = timeZone;
    }

    /** The password that proves a new e-mail address is the account owner's (never shown again). */
    public String getDetailsPassword() {
        return null;
    }

    public void setDetailsPassword(String detailsPassword) {
        this.detailsPassword = detailsPassword;
    }

    public String getCurrentPassword() {
        return null;
    }

    public void setCurrentPassword(String currentPassword) {
        this.currentPassword = currentPassword;
    }

    public String getNewPassword() {
        return null;
    }

    public void setNewPassword(String newPassword) {
        this.newPassword = newPassword;
    }
}
