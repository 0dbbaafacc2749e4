package io.moe.infrastructure.persistence.jpa;

import io.moe.infrastructure.persistence.BehindDatabaseBreaker;
import io.moe.domain.identity.UserAccount;
import io.moe.domain.identity.UserRepository;
import io.moe.domain.identity.UserSearch;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.TypedQuery;
import jakarta.persistence.criteria.CriteriaBuilder;
import jakarta.persistence.criteria.CriteriaQuery;
import jakarta.persistence.criteria.Expression;
import jakarta.persistence.criteria.Order;
import jakarta.persistence.criteria.Predicate;
import jakarta.persistence.criteria.Root;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** User accounts in table {@code users}, through the named queries of {@link UserAccount}. */
@ApplicationScoped
@BehindDatabaseBreaker
public class JpaUserRepository implements UserRepository {

    private static final char LIKE_ESCAPE = '!';

    @PersistenceContext(unitName = "moe")
    EntityManager em;

    @Override
    public List<UserAccount> page(int offset, int limit) {
        return em.createNamedQuery("UserAccount.all", UserAccount.class).setFirstResult(offset).setMaxResults(limit)
                .getResultList();
    }

    @Override
    public List<UserAccount> search(UserSearch search, int offset, int limit) {
        CriteriaBuilder cb = em.getCriteriaBuilder();
        CriteriaQuery<UserAccount> query = cb.createQuery(UserAccount.class);
        Root<UserAccount> u = query.from(UserAccount.class);
        Expression<?> key = switch (search.order()) {
            case USERNAME -> u.get("username");
            case EMAIL -> cb.lower(u.get("email"));
            case ROLE -> cb.sum(cb.prod(u.<Integer>get("admin"), 2), u.<Integer>get("expert"));
            case STATE -> u.get("active");
            case CREATED -> u.get("createdAt");
        };
        List<Order> order = search.ascending() ? List.of(cb.asc(key), cb.asc(u.get("id")))
                : List.of(cb.desc(key), cb.desc(u.get("id")));
        query.select(u).where(matching(cb, u, search)).orderBy(order);
        return withTexts(em.createQuery(query), search).setFirstResult(offset).setMaxResults(limit).getResultList();
    }

    @Override
    public long count(UserSearch search) {
        CriteriaBuilder cb = em.getCriteriaBuilder();
        CriteriaQuery<Long> query = cb.createQuery(Long.class);
        Root<UserAccount> u = query.from(UserAccount.class);
        query.select(cb.count(u)).where(matching(cb, u, search));
        return withTexts(em.createQuery(query), search).getSingleResult();
    }

    /** The search's conditions; its texts are the parameters {@code name} and {@code email} ({@link #withTexts}). */
    private static Predicate[] matching(CriteriaBuilder cb, Root<UserAccount> u, UserSearch search) {
        List<Predicate> where = new ArrayList<>();
        if (hasText(search.name())) {
            Expression<String> name = cb.parameter(String.class, "name");
            where.add(cb.or(cb.like(cb.lower(u.get("username")), name, LIKE_ESCAPE),
                    cb.like(cb.lower(u.get("displayName")), name, LIKE_ESCAPE)));
        }
        if (hasText(search.email())) {
            where.add(cb.like(cb.lower(u.get("email")), cb.parameter(String.class, "email"), LIKE_ESCAPE));
        }
        if (search.roles() != null) {
            where.add(cb.or(search.roles().stream().map(role -> switch (role) {
                case ADMIN -> cb.equal(u.get("admin"), 1);
                case EXPERT -> cb.and(cb.equal(u.get("admin"), 0), cb.equal(u.get("expert"), 1));
                case USER -> cb.and(cb.equal(u.get("admin"), 0), cb.equal(u.get("expert"), 0));
            }).toArray(Predicate[]::new)));
        }
        if (search.active() != null) {
            where.add(cb.equal(u.get("active"), search.active() ? 1 : 0));
        }
        return where.toArray(Predicate[]::new);
    }

    private static <Q extends TypedQuery<?>> Q withTexts(Q query, UserSearch search) {
        if (hasText(search.name())) {
            query.setParameter("name", containing(search.name()));
        }
        if (hasText(search.email())) {
            query.setParameter("email", containing(search.email()));
        }
        return query;
    }

    private static boolean hasText(String text) {
        return text != null && !text.isBlank();
    }

    /** A LIKE pattern finding {@code text} anywhere, ignoring case; a {@code %} or {@code _} in it matches itself. */
    private static String containing(String text) {
        String escape = String.valueOf(LIKE_ESCAPE);
        return "%" + text.strip().toLowerCase(Locale.ROOT).replace(escape, escape + escape).replace("%", escape + "%")
                .replace("_", escape + "_") + "%";
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
