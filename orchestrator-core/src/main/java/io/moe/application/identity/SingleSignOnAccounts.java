package io.moe.application.identity;

import io.moe.application.shared.UnitOfWork;
import io.moe.domain.identity.SsoIdentity;
import io.moe.domain.identity.UserAccount;
import io.moe.domain.identity.UserRepository;
import io.moe.domain.shared.Digests;
import io.moe.domain.shared.Refusal.Kind;
import io.moe.infrastructure.oidc.OidcSettings;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.logging.Logger;

/**
 * Admits people and service clients that the identity provider vouches for. To the admin application only
 * members of the admin group (claim and group configurable) get in ({@link #admitAdmin}); to the portal every
 * person of the provider ({@link #admitUser}), a new account getting the configured default grants and every
 * sign-in the grants (and the role expert) configured for the person's groups ({@link SsoGrantRules}). The
 * first sign-in creates a local account linked by issuer and subject (never by a name or e-mail the provider
 * lets users change), with an unlimited budget and a password nobody knows; later sign-ins find it by that
 * link. A local account an admin has deactivated stays shut.
 */
@ApplicationScoped
@UnitOfWork
public class SingleSignOnAccounts {

    private static final SecureRandom RANDOM = new SecureRandom();
    /** The domain of the address an account of single sign-on gets when the provider sends none (no user may take one). */
    static final String PLACEHOLDER_DOMAIN = "@sso.invalid";
    private static final Logger LOG = Logger.getLogger(SingleSignOnAccounts.class.getName());

    @Inject
    UserRepository accounts;

    @Inject
    OidcSettings settings;

    @Inject
    UserAdministration users;

    /**
     * The admin rights of the account linked to this identity follow the provider's admin group at every sign-in (and
     * every bearer token): a linked admin the provider no longer lists in the group is an admin no more, which ends their
     * admin sessions (the session generation) and makes their keys member keys. Its own transaction, so that the
     * refusal of the admin sign-in that follows does not undo it. The last active admin stays one (the log says why).
     */
    public void followAdminGroup(SsoIdentity identity) {
        requireSubject(identity);
        if (!identity.inGroup(settings.getAdminGroup())) {
            accounts.withSingleSignOn(identity.link()).filter(UserAccount::isAdmin).ifPresent(this::demote);
        }
    }

    private void demote(UserAccount user) {
        try {
            users.update(user.id(), null, null, null, false, null);
            LOG.info(() -> "'" + user.username() + "' is no longer in the identity provider's admin group '" + settings.getAdminGroup()
                    + "': admin rights taken away");
        } catch (IdentityException e) {
            if (!"last_admin".equals(e.code())) {
                throw e;
            }
            LOG.warning(() -> "'" + user.username() + "' is no longer in the identity provider's admin group '" + settings.getAdminGroup()
                    + "' but stays an admin, being the last active one; make another account an admin, then demote it");
        }
    }

    /** The local admin account of this identity, created on its first sign-in. */
    public UserAccount admitAdmin(SsoIdentity identity) {
        requireSubject(identity);
        if (!identity.inGroup(settings.getAdminGroup())) {
            throw new IdentityException(Kind.FORBIDDEN, "not_an_admin", null, "the identity provider does not list '" + identity.username()
                    + "' in the group '" + settings.getAdminGroup() + "' (claim '" + settings.getGroupsClaim()
                    + "'), which admits admins; ask your identity administrator to add you");
        }
        return linkedOrNew(identity, true, List.of());
    }

    /**
     * The local account of this identity for the portal, created on its first sign-in as a user (an admin when
     * the provider lists it in the admin group) with the default grants; at every sign-in the grants and the
     * role expert of its groups are added (never taken away: an admin does that), and the admin rights follow the admin
     * group both ways ({@link #followAdminGroup}). A deactivated account stays shut.
     */
    public UserAccount admitUser(SsoIdentity identity) {
        requireSubject(identity);
        SsoGrantRules rules = SsoGrantRules.parse(settings.getUserGrants(), settings.getGroupGrants());
        rules.problems().forEach(p -> LOG.warning(() -> "single sign-on grant rule left out: " + p));
        boolean admin = identity.inGroup(settings.getAdminGroup());
        UserAccount user = linkedOrNew(identity, admin, rules.defaults());
        if (!admin && user.isAdmin()) {
            demote(user);
        }
        for (SsoGrantRules.GroupRule rule : rules.rulesOf(identity.groups())) {
            for (SsoGrantRules.Grant grant : rule.grants()) {
                grantUnlessFull(user, grant);
            }
            if (rule.expert() && !user.isExpert()) {
                user = users.setExpert(user.id(), true);
            }
        }
        return user;
    }

    private static void requireSubject(SsoIdentity identity) {
        if (identity.subject() == null) {
            throw new IdentityException(Kind.UNAUTHENTICATED, "invalid_token", null, "the identity provider sent no subject (sub claim)");
        }
    }

    /**
     * The account linked to the identity (made an admin when {@code admin}; a deactivated one stays shut), or a
     * new one linked to it, with {@code grants}.
     */
    private UserAccount linkedOrNew(SsoIdentity identity, boolean admin, List<SsoGrantRules.Grant> grants) {
        Optional<UserAccount> linked = accounts.withSingleSignOn(identity.link());
        if (linked.isPresent()) {
            UserAccount user = linked.get();
            if (!user.isActive()) {
                throw new IdentityException(Kind.FORBIDDEN, "account_blocked", null, "the account '" + user.username()
                        + "' is deactivated here; an admin can reactivate it");
            }
            return admin && !user.isAdmin() ? users.update(user.id(), null, null, null, true, null) : user;
        }
        String username = freeUsername(identity);
        UserAccount user = users.create(username, freeEmail(identity, username), unusablePassword(), identity.username(), admin);
        user.linkSingleSignOn(identity.link());
        for (SsoGrantRules.Grant grant : grants) {
            grantUnlessFull(user, grant);
        }
        return user;
    }

    /**
     * Adds a grant of the provider's rules; a user who already holds as many grants as one user may
     * ({@link UserAdministration#MAX_GRANTS}), or a rule naming a template or profile that is no more, still signs in,
     * without the grant, and the log says which grant was left out and why.
     */
    private void grantUnlessFull(UserAccount user, SsoGrantRules.Grant grant) {
        try {
            users.grant(user.id(), grant.type().wireName(), grant.resourceId());
        } catch (IdentityException e) {
            if (!"too_many_permissions".equals(e.code()) && !"invalid_field".equals(e.code())) {
                throw e;
            }
            LOG.warning(() -> "single sign-on grant " + grant.type().wireName() + " " + grant.resourceId() + " not given to "
                    + user.username() + ": " + e.getMessage());
        }
    }

    private String freeUsername(SsoIdentity identity) {
        String base = identity.username().replaceAll("[^A-Za-z0-9._-]", "-");
        base = base.length() > 56 ? base.substring(0, 56) : base.length() < 3 ? base + "-sso" : base;
        if (!taken(base)) {
            return base;
        }
        String suffixed = base + "-" + Digests.sha256(identity.link()).substring(0, 6);
        if (!taken(suffixed)) {
            return suffixed;
        }
        throw new IdentityException(Kind.CONFLICT, "duplicate", "username", "the names '" + base + "' and '" + suffixed
                + "' are both taken by local accounts; rename one of them");
    }

    /**
     * The provider's address when it is one and free, else a placeholder of the username, else one with a suffix of the
     * link: an address someone took here (a portal user may set any free one) must not keep a person out for good.
     */
    private String freeEmail(SsoIdentity identity, String username) {
        String email = identity.email();
        if (AccountRules.isEmail(email) && accounts.withEmail(email).isEmpty()) {
            return email;
        }
        for (String placeholder : List.of(username + PLACEHOLDER_DOMAIN, username + "-" + Digests.sha256(identity.link()).substring(0, 8)
                + PLACEHOLDER_DOMAIN)) {
            if (accounts.withEmail(placeholder).isEmpty()) {
                return placeholder;
            }
        }
        throw new IdentityException(Kind.CONFLICT, "duplicate", "email", "no free e-mail address for '" + username
                + "': its placeholders are taken by local accounts; change one of them");
    }

    private boolean taken(String username) {
        return accounts.withUsername(username).isPresent();
    }

    private static String unusablePassword() {
        byte[] secret = new byte[32];
        RANDOM.nextBytes(secret);
        return HexFormat.of().formatHex(secret);
    }
}
