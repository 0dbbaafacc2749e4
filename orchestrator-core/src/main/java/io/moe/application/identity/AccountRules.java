package io.moe.application.identity;

import io.moe.domain.shared.PlainText;

import java.util.regex.Pattern;

/**
 * What a user's fields must look like, wherever an account is made or changed: through the admin API and pages
 * ({@link UserAdministration}), by single sign-on ({@link SingleSignOnAccounts}) and from the first admin's settings
 * ({@link FirstAdminBootstrap}). A field that breaks a rule is refused with the field's name and the rule.
 */
final class AccountRules {

    static final Pattern USERNAME = Pattern.compile("[A-Za-z0-9._-]{3,64}");
    /**
     * A local part, '@' and a domain of one or more non-empty labels: {@code name@example.org}, and also a host's own
     * address such as {@code admin@localhost} (the first admin's default), as a browser's email field accepts it.
     */
    static final Pattern EMAIL = Pattern.compile("[^@\\s]{1,64}@[^@\\s.]+(?:\\.[^@\\s.]+)*");
    static final int MIN_PASSWORD = 10;
    static final int MAX_PASSWORD = 1024;
    static final int MAX_EMAIL = 254;
    static final int MAX_DISPLAY_NAME = 200;

    private AccountRules() {
    }

    static void requireUsername(String username) {
        if (username == null || !USERNAME.matcher(username).matches()) {
            throw IdentityException.invalid("username", "username is required: 3-64 letters, digits, '.', '_' or '-'");
        }
    }

    static boolean isEmail(String email) {
        return email != null && email.length() <= MAX_EMAIL && EMAIL.matcher(email).matches() && !PlainText.hasControlCharacters(email);
    }

    static void requireEmail(String email) {
        if (!isEmail(email)) {
            throw IdentityException.invalid("email", "email must be an address such as name@example.org");
        }
    }

    static void requirePassword(String password) {
        if (password == null || password.length() < MIN_PASSWORD || password.length() > MAX_PASSWORD) {
            throw IdentityException.invalid("password", "password needs " + MIN_PASSWORD + " to " + MAX_PASSWORD + " characters");
        }
    }

    static void requireDisplayName(String displayName) {
        if (displayName != null && displayName.length() > MAX_DISPLAY_NAME) {
            throw IdentityException.invalid("display_name", "display_name is limited to " + MAX_DISPLAY_NAME + " characters");
        }
        if (PlainText.hasControlCharacters(displayName)) {
            throw IdentityException.invalid("display_name", "display_name must not contain control characters");
        }
    }
}
