package io.moe.infrastructure.persistence.jpa;

import io.moe.infrastructure.persistence.BehindDatabaseBreaker;
import io.moe.domain.profile.UserProfileRecord;
import io.moe.domain.profile.UserProfileRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The users' own coding-client profiles in table {@code user_cc_profiles}, through the named queries of
 * {@link UserProfileRecord}; a key's binding in {@code api_key.user_cc_profile_id}, with parameterised statements.
 */
@ApplicationScoped
@BehindDatabaseBreaker
public class JpaUserProfileRepository implements UserProfileRepository {

    @PersistenceContext(unitName = "moe")
    EntityManager em;

    @Override
    public Optional<UserProfileRecord> ofUser(String userId, String id) {
        return withId(id).filter(p -> p.userId().equals(userId));
    }

    @Override
    public List<UserProfileRecord> ofUser(String userId) {
        return em.createNamedQuery("UserProfileRecord.ofUser", UserProfileRecord.class).setParameter("userId", userId).getResultList();
    }

    @Override
    public List<UserProfileRecord> all(int offset, int limit) {
        return em.createNamedQuery("UserProfileRecord.all", UserProfileRecord.class).setFirstResult(offset).setMaxResults(limit)
                .getResultList();
    }

    @Override
    public long count() {
        return em.createQuery("SELECT COUNT(p) FROM UserProfileRecord p", Long.class).getSingleResult();
    }

    @Override
    public Optional<UserProfileRecord> withId(String id) {
        return Optional.ofNullable(id == null ? null : em.find(UserProfileRecord.class, id));
    }

    @Override
    public void add(UserProfileRecord profile) {
        em.persist(profile);
        em.flush();
    }

    @Override
    public void update(UserProfileRecord profile) {
        em.merge(profile);
        em.flush();
    }

    @Override
    public void remove(UserProfileRecord profile) {
        em.remove(em.contains(profile) ? profile : em.merge(profile));
        em.flush();
    }

    @Override
    @SuppressWarnings("unchecked")
    public Map<String, String> keyBindings(String userId) {
        Map<String, String> bindings = new HashMap<>();
        for (Object[] row : (List<Object[]>) em.createNativeQuery(
                "SELECT id, user_cc_profile_id FROM api_key WHERE user_id = ?1 AND user_cc_profile_id IS NOT NULL")
                .setParameter(1, userId).getResultList()) {
            bindings.put(String.valueOf(row[0]), String.valueOf(row[1]));
        }
        return bindings;
    }

    @Override
    public boolean bindKey(String keyId, String profileId) {
        return em.createNativeQuery("UPDATE api_key SET user_cc_profile_id = ?1 WHERE id = ?2")
                .setParameter(1, profileId).setParameter(2, keyId).executeUpdate() == 1;
    }
}
