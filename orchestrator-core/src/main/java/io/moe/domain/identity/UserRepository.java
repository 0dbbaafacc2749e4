package io.moe.domain.identity;

import java.util.List;
import java.util.Optional;

/**
 * Port: the user accounts. Reads inside a transaction return accounts whose changes are written when it
 * commits; {@link #add} writes at once, so a duplicate surfaces at the call and rows that reference the
 * user by id can follow. Store failures surface as runtime exceptions.
 */
public interface UserRepository {

    /** At most {@code limit} accounts, oldest first, leaving out the first {@code offset}. */
    List<UserAccount> page(int offset, int limit);

    long count();

    /** At most {@code limit} of the accounts {@code search} selects, in its order, leaving out the first {@code offset}. */
    List<UserAccount> search(UserSearch search, int offset, int limit);

    /** How many accounts {@code search} selects. */
    long count(UserSearch search);

    /** The accounts among {@code ids}, in no order. */
    List<UserAccount> withIds(java.util.Collection<String> ids);

    /** The account with this id; empty for an unknown or null id. */
    Optional<UserAccount> find(String id);

    Optional<UserAccount> withUsername(String username);

    /** The accounts whose e-mail address equals {@code email}, ignoring case. */
    List<UserAccount> withEmail(String email);

    /** The account linked to this identity-provider subject ({@link SsoIdentity#link()}). */
    Optional<UserAccount> withSingleSignOn(String link);

    long countActiveAdmins();

    /** The active admins, locked against concurrent change until the surrounding transaction ends. */
    List<UserAccount> lockActiveAdmins();

    /**
     * The account, locked against concurrent change until the surrounding transaction ends: what one user adds
     * under a count bound (own keys, templates, profiles) is counted and added one request after another, so
     * simultaneous requests cannot pass the bound together. Empty for an unknown id.
     */
    Optional<UserAccount> lock(String id);

    void add(UserAccount user);
}
