package io.moe.application.identity;

import io.moe.application.shared.UnitOfWork;
import io.moe.domain.identity.UserAccount;
import io.moe.domain.shared.Refusal.Kind;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.DateTimeException;
import java.time.ZoneId;
import java.util.List;

/**
 * A user's changes to their own account in the portal: name, e-mail and time zone, and the password, which
 * needs the current one (an account made by single sign-on has none and cannot set one here). The rules on
 * e-mail, name and password are the admin's ({@link UserAdministration}); each call is one transaction.
 */
@ApplicationScoped
@UnitOfWork
public class OwnAccount {

    @Inject
    UserAdministration users;

    @Inject
    PasswordHasher passwords;

    @Inject
    SignInThrottle throttle;

    /**
     * Changes name, e-mail and time zone. A new e-mail address needs the account's password ({@code currentPassword}):
     * a reset link goes to the address, so a session left open for a minute would otherwise be enough to take the
     * account for good. An account of single sign-on needs none: its password is nobody's, and no reset link is
     * mailed for it ({@link PasswordResets#request}).
     */
    public UserAccount change(String userId, String displayName, String email, String timeZone, String currentPassword,
                              String address) {
        ZoneId zone = zone(timeZone);
        UserAccount before = users.user(userId);
        boolean newAddress = email != null && !email.strip().equalsIgnoreCase(before.email() == null ? "" : before.email());
        if (newAddress && email.strip().toLowerCase(java.util.Locale.ROOT).endsWith(SingleSignOnAccounts.PLACEHOLDER_DOMAIN)) {
            throw IdentityException.invalid("email", "addresses " + SingleSignOnAccounts.PLACEHOLDER_DOMAIN + " stand in for accounts "
                    + "of single sign-on without one; enter an address of your own");
        }
        boolean needed = newAddress && before.ssoSubject() == null; // else a filled-in field is not checked, nor counted
        boolean proven = needed && currentPassword != null && !currentPassword.isEmpty() && passwordRight(before, currentPassword, address);
        if (needed && !proven) {
            throw new IdentityException(Kind.INVALID, "wrong_password", "current_password",
                    "to change your e-mail address, enter your current password");
        }
        UserAccount user = users.update(userId, email, null, displayName == null ? "" : displayName, null, null);
        user.changeTimeZone(zone.getId());
        return user;
    }

    /** A new password for the account, given its current one; guesses at that count as {@link #passwordRight} says. */
    public UserAccount changePassword(String userId, String current, String next, String address) {
        UserAccount user = users.user(userId);
        if (current == null || current.isEmpty() || !passwordRight(user, current, address)) {
            throw new IdentityException(Kind.INVALID, "wrong_password", "current_password", "the current password is not right");
        }
        return users.update(userId, null, next, null, null, null);
    }

    /**
     * Whether {@code password} is the account's, each check counted like a sign-in to the account from {@code address}
     * ({@link SignInThrottle}): a session left open must not be a way to find the password out by guessing (with it,
     * the guesser could change the address and take the account for good). Too many wrong ones in a row are 429.
     */
    private boolean passwordRight(UserAccount user, String password, String address) {
        if (user.hashedPassword() == null) {
            return false;
        }
        String counted = "account:" + user.id();
        throttle.refusal(counted, address, "wrong passwords for this account").ifPresent(why -> {
            throw new IdentityException(Kind.TOO_MANY, "too_many_attempts", "current_password", why);
        });
        boolean right = passwords.verify(password, user.hashedPassword());
        if (right) {
            throttle.succeeded(counted, address);
        }
        return right;
    }

    /** The time zones a user may choose, by name. */
    public static List<String> timeZones() {
        return ZoneId.getAvailableZoneIds().stream().filter(z -> z.contains("/") || z.equals("UTC")).sorted().toList();
    }

    private static ZoneId zone(String timeZone) {
        try {
            if (timeZone == null || timeZone.length() > 64) {
                throw new DateTimeException("missing or too long");
            }
            return ZoneId.of(timeZone);
        } catch (DateTimeException e) {
            throw IdentityException.invalid("time_zone", "choose a time zone such as Europe/Berlin or UTC");
        }
    }
}
