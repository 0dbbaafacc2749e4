package io.moe.interfaces.admin;

import io.moe.application.identity.IdentityException;
import io.moe.application.identity.UserAdministration;
import io.moe.domain.identity.UserAccount;
import io.moe.infrastructure.faces.PageMessages;
import io.moe.infrastructure.faces.PerView;
import jakarta.inject.Inject;
import jakarta.inject.Named;

import java.io.Serializable;
import java.util.Map;

/**
 * Backing bean of {@code /users}: the accounts, newest first, in a table that pages, sorts and filters in the database; a new account;
 * deactivating and reactivating one. Every change goes through {@link UserAdministration}, the service the
 * JSON API uses, so the same rules and messages apply.
 */
@Named
@PerView
public class UsersPage implements Serializable {

    private static final long serialVersionUID = 1L;
    private static final Map<String, String> FIELDS = Map.of("username", "new-user:username", "email", "new-user:email",
            "password", "new-user:password", "display_name", "new-user:display-name");

    @Inject
    UserAdministration users;

    private UserAccountsModel accounts;
    private String username;
    private String email;
    private String displayName;
    private String password;
    private boolean admin;

    /** The accounts, a page at a time from the database (newest first until a column is sorted). */
    public UserAccountsModel getUsers() {
        if (accounts == null) {
            accounts = new UserAccountsModel(users);
        }
        return accounts;
    }

    public void create() {
        try {
            UserAccount user = users.create(username, email, password, blankToNull(displayName), admin);
            PageMessages.done("User " + user.username() + " created");
            username = email = displayName = password = null;
            admin = false;
        } catch (IdentityException e) {
            password = null;
            PageMessages.refused("User not created", e, FIELDS);
        }
    }

    public void deactivate(UserAccount user) {
        try {
            users.deactivate(user.id());
            PageMessages.done("User " + user.username() + " deactivated: their keys are refused from now on");
        } catch (IdentityException e) {
            PageMessages.refused("Not deactivated", e, Map.of());
        }
    }

    public void reactivate(UserAccount user) {
        try {
            users.update(user.id(), null, null, null, null, true);
            PageMessages.done("User " + user.username() + " reactivated");
        } catch (IdentityException e) {
            PageMessages.refused("Not reactivated", e, Map.of());
        }
    }

    static String blankToNull(String text) {
        return text == null || text.isBlank() ? null : text.trim();
    }

    public String getUsername() {
        return username;
    }

    public void setUsername(String username) {
        this.username = username;
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

    public String getPassword() {
        return password;
    }

    public void setPassword(String password) {
        this.password = password;
    }

    public boolean isAdmin() {
        return admin;
    }

    public void setAdmin(boolean admin) {
        this.admin = admin;
    }
}
