package io.moe.application.identity;

import io.moe.domain.identity.UserAccount;
import io.moe.domain.identity.UserRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.Optional;

/**
 * Checks an admin's username and password for the sign-in form. Unknown users cost the same hash
 * work as known ones, so response times do not reveal which usernames exist.
 */
@ApplicationScoped
public class AdminSignIn {

    @Inject
    UserRepository accounts;

    @Inject
    PasswordHasher passwords;

    private volatile String decoy;

    /** The active admin with these credentials, if any. */
    public Optional<UserAccount> verify(String username, String password) {
        if (username == null || password == null || username.length() > 64 || password.length() > 1024) {
            return Optional.empty();
        }
        Optional<UserAccount> user = accounts.withUsername(username);
        String hash = user.map(UserAccount::hashedPassword).orElseGet(this::decoy);
        boolean matches = passwords.verify(password, hash);
        return user.filter(u -> matches && u.isActive() && u.isAdmin());
    }

    private String decoy() {
        if (decoy == null) {
            decoy = passwords.hash("decoy-password-for-unknown-users");
        }
        return decoy;
    }
}
