package io.moe.interfaces.admin;

import io.moe.application.identity.IdentityException;
import io.moe.application.identity.Mailer;
import io.moe.application.identity.PasswordResets;
import io.moe.application.identity.UserAdministration;
import io.moe.domain.identity.UserAccount;
import io.moe.domain.shared.Refusal;
import io.moe.infrastructure.faces.PageMessages;
import io.moe.infrastructure.faces.PerView;
import jakarta.inject.Inject;
import jakarta.inject.Named;

import java.io.Serializable;
import java.util.Map;

/**
 * Backing bean of {@code /user-account?id=…}, one user's page: the account itself (email, display name,
 * admin rights), a new password, deactivation and reactivation. Its sections (budget, permissions, keys,
 * usage) have beans of their own that read the user from here. Changes go through {@link UserAdministration}.
 */
@Named
@PerView
public class UserAccountPage implements Serializable {

    private static final long serialVersionUID = 1L;
    private static final Map<String, String> FIELDS = Map.of("email", "sections:account:email", "display_name", "sections:account:display-name",
            "password", "sections:password-form:new-password");

    @Inject
    UserAdministration users;

    @Inject
    PasswordResets resets;

    @Inject
    Mailer mailer;

    private String id;
    private UserAccount user;
    private String email;
    private String displayName;
    private boolean admin;
    private boolean expert;
    private String newPassword;
    private transient String resetLink;

    /** The view action: an unknown or missing id goes back to the list with a message. */
    public String load() {
        try {
            user = users.user(id == null ? "" : id);
        } catch (IdentityException e) {
            PageMessages.refused("No such user", e, Map.of());
            jakarta.faces.context.FacesContext.getCurrentInstance().getExternalContext().getFlash().setKeepMessages(true);
            return "/users?faces-redirect=true";
        }
        email = user.email();
        displayName = user.displayName();
        admin = user.isAdmin();
        expert = user.isExpert();
        return null;
    }

    public void save() {
        try {
            user = users.update(id, email, null, displayName == null ? "" : displayName, admin, null);
            if (user.isExpert() != expert) {
                user = users.setExpert(id, expert);
            }
            PageMessages.done("Account of " + user.username() + " saved");
        } catch (IdentityException e) {
            PageMessages.refused("Not saved", e, FIELDS);
        }
    }

    public void resetPassword() {
        try {
            user = users.update(id, null, newPassword, null, null, null);
            PageMessages.done("New password set for " + user.username());
        } catch (IdentityException e) {
            PageMessages.refused("Password not changed", e, FIELDS);
        } finally {
            newPassword = null;
        }
    }

    /** Issues a one-time reset link (shown here once; mailed as well when {@code mail} and an SMTP server is configured). */
    public void issueResetLink(boolean mail) {
        try {
            PasswordResets.IssuedLink link = resets.issue(id, mail);
            resetLink = link.url();
            String validity = ": valid once, until " + link.expiresAt().toLocalDateTime().withNano(0) + " UTC";
            if (link.mailError() != null) {
                PageMessages.warning("Reset link issued, but not mailed", link.mailError() + ". Hand the link below over yourself" + validity);
            } else {
                PageMessages.done("Reset link issued" + (link.emailed() ? " and mailed to " + user.email() : "") + validity);
            }
        } catch (Refusal e) {
            resetLink = null;
            PageMessages.refused("No reset link", e, Map.of());
        }
    }

    public String getResetLink() {
        return resetLink;
    }

    public boolean isMailConfigured() {
        return mailer.isConfigured();
    }

    public void deactivate() {
        try {
            user = users.deactivate(id);
            PageMessages.done(user.username() + " deactivated: their keys are refused from now on");
        } catch (IdentityException e) {
            PageMessages.refused("Not deactivated", e, Map.of());
        }
    }

    public void reactivate() {
        try {
            user = users.update(id, null, null, null, null, true);
            PageMessages.done(user.username() + " reactivated");
        } catch (IdentityException e) {
            PageMessages.refused("Not reactivated", e, Map.of());
        }
    }

    public String getId() {
        return id;
    }

    public void setId(String id) {
        this.id = id;
    }

    public UserAccount getUser() {
        return user;
    }

    public String getEmail() {
        return email;
    }

    public void setEmail(String email) {
        this.email = email;
    }

    public String getDisplayName() {
        return displayName;
    }

    public void setDisplayName(String displayName) {
        this.displayName = displayName;
    }

    public boolean isAdmin() {
        return admin;
    }

    public void setAdmin(boolean admin) {
        this.admin = admin;
    }

    public boolean isExpert() {
        return expert;
    }

    public void setExpert(boolean expert) {
        this.expert = expert;
    }

    public String getNewPassword() {
        return newPassword;
    }

    public void setNewPassword(String newPassword) {
        this.newPassword = newPassword;
    }
}
