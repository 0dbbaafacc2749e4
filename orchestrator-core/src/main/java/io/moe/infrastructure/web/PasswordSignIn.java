package io.moe.infrastructure.web;

import io.moe.application.identity.AdminSessions;
import io.moe.application.identity.AdminSignIn;
import io.moe.application.identity.ClientAddresses;
import io.moe.application.identity.IdentityException;
import io.moe.application.identity.SignInThrottle;
import io.moe.domain.identity.UserAccount;
import io.moe.domain.shared.Refusal.Kind;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;

import java.util.Optional;

/**
 * The password sign-in of the admin application and the user portal, one procedure for both: the attempt
 * is throttled per address and per username and address before the password hash (PBKDF2) is computed
 * ({@link SignInThrottle}); a match starts the application's {@link BrowserSession} under a new session id
 * (no fixation) with a fresh CSRF token and the credential stamp that ends the session when the password
 * changes.
 */
@ApplicationScoped
public class PasswordSignIn {

    /** Who may sign in: the admin application takes active admins, the portal any active user. */
    public enum Audience { ADMINS, USERS }

    @Inject
    AdminSignIn signIn;

    @Inject
    SignInThrottle throttle;

    @Inject
    ClientAddresses addresses;

    @Inject
    AdminSessions sessions;

    /** Signs in; empty when the session was started, else the message for the person signing in. */
    public Optional<String> signIn(HttpServletRequest request, BrowserSession session, Audience audience,
                                   String username, String password) {
        String address = addresses.of(request.getRemoteAddr(), request.getHeader("X-Forwarded-For"));
        Optional<String> refusal = throttle.refusal(username, address);
        if (refusal.isPresent()) {
            return refusal;
        }
        Optional<UserAccount> user;
        try {
            user = audience == Audience.ADMINS ? signIn.verify(username, password) : signIn.verifyUser(username, password);
        } catch (IdentityException e) {
            if (e.kind() != Kind.UNAVAILABLE) {
                throw e;
            }
            return Optional.of("Sign-in is not possible right now: the user database does not answer. Please try again in a minute.");
        }
        if (user.isEmpty()) {
            return Optional.of(audience == Audience.ADMINS
                    ? "Sign-in failed: wrong username or password, or the account is not an active admin."
                    : "Sign-in failed: wrong username or password, or the account is blocked.");
        }
        throttle.succeeded(username, address);
        session.signIn(request, user.get().id(), sessions.stampOf(user.get()));
        return Optional.empty();
    }

    /**
     * Lets a standing session go on after its user changed their own password (the session's stamp follows the new one).
     * A session of single sign-on stays one, so that signing out still ends the provider's session too.
     */
    public void renew(HttpServletRequest request, BrowserSession session, UserAccount user) {
        boolean viaSingleSignOn = session.viaSingleSignOn(request);
        session.signIn(request, user.id(), sessions.stampOf(user));
        if (viaSingleSignOn) {
            session.markSingleSignOn(request);
        }
    }

    /** Whether the session of {@code session}'s kind on {@code request} still stands (see {@link AdminSessions}). */
    public boolean stands(HttpServletRequest request, BrowserSession session, Audience audience) {
        return session.userId(request).map(id -> audience == Audience.ADMINS ? sessions.stands(id, session.stamp(request))
                : sessions.standsAsUser(id, session.stamp(request))).orElse(false);
    }
}
