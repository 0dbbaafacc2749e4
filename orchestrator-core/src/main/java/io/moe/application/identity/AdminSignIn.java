package io.moe.application.identity;

import io.moe.domain.shared.PlainText;
import io.moe.domain.identity.UserAccount;
import io.moe.domain.identity.UserRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.Optional;

/**
 * Checks a username and password for the sign-in forms (admins: the admin application; any user: the portal). Unknown users cost the same hash
 * work as known ones, so response times do not reveal which usernames exist. A database that does not answer within
 * 5 s fails the check with {@link IdentityException} {@code database_unavailable}.
 */
@ApplicationScoped
public class AdminSignIn {

    @Inject
    UserRepository accounts;

    @Inject
    PasswordHasher passwords;

    /** The account is read with a bounded wait: a hung database answers a sign-in within 5 s, not after the socket timeout. */
    @Inject
    BoundedReads reads;

    private volatile String decoy;

    /** The active admin with these credentials, if any. */
    public Optional<UserAccount> verify(String username, String password) {
        return verifyUser(username, password).filter(UserAccount::isAdmin);
    }

    /** The active user (admin or not) with these credentials, if any: the user portal's sign-in. */
    public Optional<UserAccount> verifyUser(String username, String password) {
        if (username == null || password == null || username.length() > 64 || password.length() > 1024
                || PlainText.hasControlCharacters(username)) { // no account has such a name, and the database refuses a NUL
            return Optional.empty();
        }
        Optional<UserAccount> user = reads.read("account:" + username, "the account", () -> accounts.withUsername(username));
        String hash = user.map(UserAccount::hashedPassword).orElseGet(this::decoy);
        boolean matches = passwords.verify(password, hash);
        return user.filter(u -> matches && u.isActive());
    }

    private String decoy() {
        if (decoy == null) {
            decoy = passwords.hash("decoy-password-for-unknown-users");
        }
        return decoy;
    }
}
