package io.moe.interfaces.admin;

import io.moe.application.identity.IdentityException;
import io.moe.application.identity.UserAdministration;
import io.moe.domain.identity.UserAccount;
import io.moe.infrastructure.faces.PageMessages;
import io.moe.infrastructure.faces.PerView;
import jakarta.inject.Inject;
import jakarta.inject.Named;

import java.io.Serializable;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Backing bean of {@code /users}: the accounts, newest first, in a table that pages, sorts and filters; a new account;
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

    private List<UserAccount> all;
    private List<UserAccount> filtered;
    private String username;
    private String email;
    private String displayName;
    private String password;
    private boolean admin;

    public List<UserAccount> getUsers() {
        if (all == null) {
            all = users.users().stream().sorted(Comparator.comparing(UserAccount::createdAt).reversed()).toList();
        }
        return all;
    }

    public void create() {
        try {
            UserAccount user = users.create(username, email, password, blankToNull(displayName), admin);
            PageMessages.done("User " + user.username() + " created");
            username = email = displayName = password = null;
            admin = false;
            all = null;
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
        all = null;
    }

    public void reactivate(UserAccount user) {
        try {
            users.update(user.id(), null, null, null, null, true);
            PageMessages.done("User " + user.username() + " reactivated");
        } catch (IdentityException e) {
            PageMessages.refused("Not reactivated", e, Map.of());
        }
        all = null;
    }

    static String blankToNull(String text) {
        return text == null || text.isBlank() ? null : text.trim();
    }

    public List<UserAccount> getFiltered() {
        return filtered;
    }

    public void setFiltered(List<UserAccount> filtered) {
        this.filtered = filtered;
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
