package io.moe.infrastructure.persistence.jpa;

import io.moe.infrastructure.persistence.BehindDatabaseBreaker;
import io.moe.domain.identity.UserAccount;
import io.moe.domain.identity.UserRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;

import java.util.List;
import java.util.Optional;

/** User accounts in table {@code users}, through the named queries of {@link UserAccount}. */
@ApplicationScoped
@BehindDatabaseBreaker
public class JpaUserRepository implements UserRepository {

    @PersistenceContext(unitName = "moe")
    EntityManager em;

    @Override
    public List<UserAccount> all() {
        return em.createNamedQuery("UserAccount.all", UserAccount.class).getResultList();
    }

    @Override
    public List<UserAccount> page(int offset, int limit) {
        return em.createNamedQuery("UserAccount.all", UserAccount.class).setFirstResult(offset).setMaxResults(limit)
                .getResultList();
    }

    @Override
    public List<UserAccount> withIds(java.util.Collection<String> ids) {
        return ids.isEmpty() ? List.of() : em.createQuery("SELECT u FROM UserAccount u WHERE u.id IN :ids", UserAccount.class)
                .setParameter("ids", List.copyOf(ids)).getResultList();
    }

    @Override
    public long count() {
        return em.createNamedQuery("UserAccount.count", Long.class).getSingleResult();
    }

    @Override
    public Optional<UserAccount> find(String id) {
        return id == null ? Optional.empty() : Optional.ofNullable(em.find(UserAccount.class, id));
    }

    @Override
    public Optional<UserAccount> withUsername(String username) {
        return em.createNamedQuery("UserAccount.byUsername", UserAccount.class).setParameter("username", username)
                .getResultStream().findFirst();
    }

    @Override
    public List<UserAccount> withEmail(String email) {
        return em.createNamedQuery("UserAccount.byEmail", UserAccount.class).setParameter("email", email).getResultList();
    }

    @Override
    public Optional<UserAccount> withSingleSignOn(String link) {
        return em.createNamedQuery("UserAccount.bySsoSubject", UserAccount.class).setParameter("subject", link)
                .getResultStream().findFirst();
    }

    @Override
    public long countActiveAdmins() {
        return em.createNamedQuery("UserAccount.countActiveAdmins", Long.class).getSingleResult();
    }

    @Override
    public List<UserAccount> lockActiveAdmins() {
        return em.createQuery("SELECT u FROM UserAccount u WHERE u.admin = 1 AND u.active = 1 ORDER BY u.id", UserAccount.class)
                .setLockMode(LockModeType.PESSIMISTIC_WRITE).getResultList();
    }

    /**
     * Writes what the transaction changed so far first: EclipseLink reads the row again to lock it and would put the
     * stored values over a change not yet written (the first single sign-on links the account, then grants lock it).
     */
    @Override
    public Optional<UserAccount> lock(String id) {
        if (id == null) {
            return Optional.empty();
        }
        em.flush();
        return Optional.ofNullable(em.find(UserAccount.class, id, LockModeType.PESSIMISTIC_WRITE));
    }

    @Override
    public void add(UserAccount user) {
        em.persist(user);
        em.flush();
    }
}
