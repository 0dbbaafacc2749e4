package io.moe.infrastructure.persistence.jpa;

import io.moe.infrastructure.persistence.BehindDatabaseBreaker;
import io.moe.domain.profile.CcProfileRecord;
import io.moe.domain.profile.ProfileRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

import java.util.List;
import java.util.Optional;

/**
 * Coding-client profiles in table {@code cc_profile}; the bindings in {@code api_key.cc_profile_id} and
 * {@code users.default_cc_profile_id}, read and written with parameterised statements.
 */
@ApplicationScoped
@BehindDatabaseBreaker
public class JpaProfileRepository implements ProfileRepository {

    @PersistenceContext(unitName = "moe")
    EntityManager em;

    @Override
    public Optional<CcProfileRecord> withName(String name) {
        return em.createNamedQuery("CcProfileRecord.byName", CcProfileRecord.class).setParameter("name", name)
                .getResultStream().findFirst();
    }

    @Override
    public Optional<CcProfileRecord> withId(String id) {
        return Optional.ofNullable(em.find(CcProfileRecord.class, id));
    }

    @Override
    public List<CcProfileRecord> all() {
        return em.createNamedQuery("CcProfileRecord.all", CcProfileRecord.class).getResultList();
    }

    @Override
    public void add(CcProfileRecord profile) {
        em.persist(profile);
        em.flush();
    }

    @Override
    public void update(CcProfileRecord profile) {
        em.merge(profile);
        em.flush();
    }

    @Override
    public void remove(CcProfileRecord profile) {
        em.remove(em.contains(profile) ? profile : em.merge(profile));
        em.flush();
    }

    @Override
    public Optional<String> ofKey(String keyId) {
        return single("SELECT cc_profile_id FROM api_key WHERE id = ?1", keyId);
    }

    @Override
    @SuppressWarnings("unchecked")
    public KeyBinding bindingOf(String keyId) {
        if (keyId == null) {
            return KeyBinding.NONE;
        }
        List<Object[]> rows = em.createNativeQuery("SELECT cc_profile_id, user_cc_profile_id FROM api_key WHERE id = ?1")
                .setParameter(1, keyId).getResultList();
        if (rows.isEmpty()) {
            return KeyBinding.NONE;
        }
        Object[] row = rows.get(0);
        return new KeyBinding(row[0] == null ? null : row[0].toString(), row[1] == null ? null : row[1].toString());
    }

    @Override
    public Optional<String> defaultOf(String userId) {
        return single("SELECT default_cc_profile_id FROM users WHERE id = ?1", userId);
    }

    @Override
    public boolean bindKey(String keyId, String profileId) {
        return em.createNativeQuery("UPDATE api_key SET cc_profile_id = ?1 WHERE id = ?2")
                .setParameter(1, profileId).setParameter(2, keyId).executeUpdate() == 1;
    }

    @Override
    public boolean bindUserDefault(String userId, String profileId) {
        return em.createNativeQuery("UPDATE users SET default_cc_profile_id = ?1 WHERE id = ?2")
                .setParameter(1, profileId).setParameter(2, userId).executeUpdate() == 1;
    }

    private Optional<String> single(String statement, String id) {
        if (id == null) {
            return Optional.empty();
        }
        List<?> rows = em.createNativeQuery(statement).setParameter(1, id).getResultList();
        return rows.isEmpty() || rows.get(0) == null ? Optional.empty() : Optional.of(rows.get(0).toString());
    }
}
