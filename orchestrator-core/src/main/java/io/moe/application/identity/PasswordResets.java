package io.moe.application.identity;

import io.moe.domain.shared.PlainText;
import io.moe.application.shared.UnitOfWork;
import io.moe.domain.identity.UserAccount;
import io.moe.domain.identity.UserRepository;
import io.moe.domain.shared.Digests;
import io.moe.domain.shared.Failures;
import io.moe.domain.shared.Ids;
import io.moe.domain.shared.Refusal.Kind;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.security.SecureRandom;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.HexFormat;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Password reset by a one-time link to {@code /user/reset?token=…}: an admin issues one for a user (shown to the
 * admin, and e-mailed when an SMTP server is configured), or a user asks for one on {@code /user/forgot} by
 * username or e-mail (sent only by e-mail, so the answer never tells whether the account exists). A link is
 * valid for {@code moe.password-reset.valid-hours}, once, and only until a newer link of the same user is
 * issued; only the token's SHA-256 is stored. Redeeming it sets the new password, which ends every session of the
 * user. Asking is throttled like signing in. A mail goes out only after its link is committed, and no transaction
 * (nor database connection) waits on the mail server.
 */
@ApplicationScoped
public class PasswordResets {

    private static final Logger LOG = Logger.getLogger(PasswordResets.class.getName());
    private static final SecureRandom RANDOM = new SecureRandom();

    /** This service through the container, so that {@link #store} runs in its own unit of work. */
    @Inject
    PasswordResets self;

    @Inject
    PasswordResetStore links;

    @Inject
    UserRepository accounts;

    @Inject
    UserAdministration users;

    @Inject
    Mailer mailer;

    @Inject
    AfterCommit afterCommit;

    @Inject
    SignInThrottle throttle;

    @Inject
    @ConfigProperty(name = "moe.password-reset.valid-hours", defaultValue = "24")
    int validHours;

    @Inject
    @ConfigProperty(name = "moe.admin.public-url", defaultValue = "http://127.0.0.1:8088")
    String publicUrl;

    @Resource
    ManagedExecutorService executor;

    /**
     * A link just issued: the URL (shown once), until when it is valid, whether it was e-mailed, and why not when the
     * mail server did not take it ({@code mailError}, else null).
     */
    public record IssuedLink(String url, OffsetDateTime expiresAt, boolean emailed, String mailError) {
    }

    /** A stored link and the account it is for. */
    public record StoredLink(UserAccount user, IssuedLink link) {
    }

    /**
     * An admin issues a link for user {@code userId}; {@code email} sends it to the user's address as well (SMTP
     * configured) once the link is stored. A mail server that does not take the message leaves the link issued and
     * says why ({@link IssuedLink#mailError}), so the admin can hand it over: it has replaced the user's older links.
     */
    public IssuedLink issue(String userId, boolean email) {
        StoredLink stored = self.store(userId, email);
        if (!email) {
            return stored.link();
        }
        IssuedLink link = stored.link();
        try {
            mail(stored.user(), link);
            return new IssuedLink(link.url(), link.expiresAt(), true, null);
        } catch (IdentityException mailFailed) {
            return new IssuedLink(link.url(), link.expiresAt(), false, mailFailed.getMessage());
        }
    }

    /** Stores a new link for {@code userId} (the account active; with {@code email}, a mail server configured). */
    @UnitOfWork
    public StoredLink store(String userId, boolean email) {
        UserAccount user = users.user(userId);
        if (!user.isActive()) {
            throw new IdentityException(Kind.CONFLICT, "account_blocked", null, "the account is deactivated; reactivate it first");
        }
        if (email && !mailer.isConfigured()) {
            throw new IdentityException(Kind.CONFLICT, "mail_not_configured", "send_email",
                    "no SMTP server is configured (MOE_SMTP_HOST); hand the link over yourself");
        }
        return new StoredLink(user, newLink(user));
    }

    /** Whether links can be sent by e-mail (a mail server is configured): the portal offers the request form only then. */
    public boolean byEmail() {
        return mailer.isConfigured();
    }

    /**
     * A user asks for a link by username or e-mail: when the account exists, is active, is no account of single sign-on
     * (an admin may still issue one for it) and mail can be sent, the link
     * goes to its address (in the background, so the answer takes the same time either way). Empty when the request
     * was taken; otherwise why it was not (throttled, or no mail server: ask an admin).
     */
    @UnitOfWork
    public Optional<String> request(String usernameOrEmail, String address) {
        if (!mailer.isConfigured()) {
            return Optional.of("Resetting by e-mail is not set up here: ask an admin for a reset link.");
        }
        String name = usernameOrEmail == null ? "" : usernameOrEmail.strip();
        if (name.isEmpty() || name.length() > 254 || PlainText.hasControlCharacters(name)) {
            return Optional.of("Enter your username or e-mail address.");
        }
        Optional<String> throttled = throttle.refusal("reset:" + name, address);
        if (throttled.isPresent()) {
            return throttled;
        }
        // an account of single sign-on gets no link: a password of its own would outlive its removal at the provider
        Optional<UserAccount> user = accounts.withUsername(name).or(() -> accounts.withEmail(name).stream().findFirst())
                .filter(UserAccount::isActive).filter(u -> u.ssoSubject() == null);
        user.ifPresent(u -> {
            IssuedLink link = newLink(u);
            afterCommit.run(() -> executor.execute(() -> mail(u, link))); // never a link that was not stored
        });
        return Optional.empty();
    }

    /** Whether {@code token} is a link that may be redeemed now. */
    @UnitOfWork
    public boolean isValid(String token) {
        return open(token).isPresent();
    }

    /** Sets the new password with a valid link and closes the link; 400 for a used, replaced, expired or unknown link. */
    @UnitOfWork
    public UserAccount redeem(String token, String newPassword) {
        PasswordResetStore.Link link = open(token).orElseThrow(PasswordResets::invalidLink);
        // closed first (a second redeem of the same link loses here); a refused password rolls the close back with it
        if (!links.close(hash(token), Ids.nowUtc())) {
            throw invalidLink();
        }
        return users.update(link.userId(), null, newPassword, null, null, null);
    }

    private Optional<PasswordResetStore.Link> open(String token) {
        if (token == null || !token.matches("[0-9a-f]{64}")) {
            return Optional.empty();
        }
        return links.find(hash(token)).filter(PasswordResetStore.Link::open).filter(l -> l.expiresAt().isAfter(Ids.nowUtc()))
                .filter(l -> accounts.find(l.userId()).filter(UserAccount::isActive).isPresent());
    }

    private IssuedLink newLink(UserAccount user) {
        byte[] secret = new byte[32];
        RANDOM.nextBytes(secret);
        String token = HexFormat.of().formatHex(secret);
        OffsetDateTime now = Ids.nowUtc();
        OffsetDateTime expires = now.plus(Duration.ofHours(Math.max(1, validHours)));
        links.issue(hash(token), user.id(), now, expires);
        return new IssuedLink(publicUrl.replaceAll("/+$", "") + "/user/reset?token=" + token, expires, false, null);
    }

    private void mail(UserAccount user, IssuedLink link) {
        try {
            mailer.send(user.email(), "Set a new password for MoE Orchestrator",
                    "Hello " + user.username() + ",\n\nopen this link to set a new password (valid until " + link.expiresAt()
                            + " UTC, once):\n\n" + link.url() + "\n\nIf you did not ask for it, ignore this message.\n");
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Password-reset mail to user " + user.id() + " not sent: " + Failures.describe(e));
            throw new IdentityException(Kind.UNAVAILABLE, "mail_failed", null, "the mail server did not take the message: "
                    + e.getMessage());
        }
    }

    private static String hash(String token) {
        return Digests.sha256("password-reset|" + token);
    }

    private static IdentityException invalidLink() {
        return new IdentityException(Kind.INVALID, "invalid_reset_link", "token",
                "this link cannot be used: it was used already, a newer link replaced it, or it expired; ask for a new one");
    }
}
