package io.moe.application.identity;

import io.moe.domain.identity.UserAccount;
import io.moe.domain.identity.UserRepository;
import io.moe.domain.shared.Digests;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/**
 * Whether an admin's (or a portal user's) browser session still stands. A session records a stamp of the admin's credentials
 * at sign-in; on every request the account is read again and the session stands only while the account
 * is an active admin with the same stamp. So a demotion or deactivation ends the session at its next
 * request, and a password change ends every session that signed in with the old password. The stamp holds the
 * account's session generation, which a deactivation or demotion counts up: an account reactivated (or promoted
 * again) before the old session's next request still finds that session ended.
 */
@ApplicationScoped
public class AdminSessions {

    @Inject
    UserRepository accounts;

    /** The stamp a session of {@code user} records at sign-in. */
    public String stampOf(UserAccount user) {
        return Digests.sha256("admin-session|" + user.id() + "|" + user.sessionGeneration() + "|" + user.hashedPassword());
    }

    /** Whether the session of {@code userId} that recorded {@code stamp} may go on; false for any missing part. */
    public boolean stands(String userId, String stamp) {
        return stands(userId, stamp, true);
    }

    /** Whether the user portal's session of {@code userId} may go on: any active user with the same credentials. */
    public boolean standsAsUser(String userId, String stamp) {
        return stands(userId, stamp, false);
    }

    private boolean stands(String userId, String stamp, boolean adminOnly) {
        if (userId == null || stamp == null) {
            return false;
        }
        return accounts.find(userId).filter(user -> user.isActive() && (user.isAdmin() || !adminOnly) && MessageDigest.isEqual(
                stampOf(user).getBytes(StandardCharsets.UTF_8), stamp.getBytes(StandardCharsets.UTF_8))).isPresent();
    }
}
