package io.moe.application.identity;

import io.moe.domain.identity.SsoIdentity;
import io.moe.domain.identity.UserAccount;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.PersistenceException;
import jakarta.transaction.TransactionalException;

/**
 * The one door for identities the provider vouches for (browser sign-in and bearer tokens alike).
 * A first contact creates the linked account; when two first contacts of the same identity race (a
 * script sending several requests with a fresh token), the loser's insert hits the unique link and
 * is rolled back, and the second attempt simply finds the winner's account.
 */
@ApplicationScoped
public class SingleSignOnAdmission {

    @Inject
    SingleSignOnAccounts accounts;

    public UserAccount admit(SsoIdentity identity) {
        accounts.followAdminGroup(identity); // committed before a refusal for want of the group
        try {
            return accounts.admitAdmin(identity);
        } catch (PersistenceException | TransactionalException raced) {
            return accounts.admitAdmin(identity);
        }
    }

    /** The portal's door: any person of the provider (see {@link SingleSignOnAccounts#admitUser}). */
    public UserAccount admitUser(SsoIdentity identity) {
        try {
            return accounts.admitUser(identity);
        } catch (PersistenceException | TransactionalException raced) {
            return accounts.admitUser(identity);
        }
    }
}
