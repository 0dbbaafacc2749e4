package io.moe.infrastructure.persistence.jpa;

import io.moe.infrastructure.persistence.BehindDatabaseBreaker;
import io.moe.domain.template.UserTemplateRecord;
import io.moe.domain.template.UserTemplateRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

import java.util.List;
import java.util.Optional;

/** The users' own templates in table {@code user_expert_templates}, through the named queries of {@link UserTemplateRecord}. */
@ApplicationScoped
@BehindDatabaseBreaker
public class JpaUserTemplateRepository implements UserTemplateRepository {

    @PersistenceContext(unitName = "moe")
    EntityManager em;

    @Override
    public Optional<UserTemplateRecord> ofUser(String userId, String id) {
        return Optional.ofNullable(id == null ? null : em.find(UserTemplateRecord.class, id)).filter(t -> t.userId().equals(userId));
    }

    @Override
    public List<UserTemplateRecord> ofUser(String userId) {
        return em.createNamedQuery("UserTemplateRecord.ofUser", UserTemplateRecord.class).setParameter("userId", userId).getResultList();
    }

    @Override
    public List<UserTemplateRecord> allActive() {
        return em.createNamedQuery("UserTemplateRecord.active", UserTemplateRecord.class).getResultList();
    }

    @Override
    public List<UserTemplateRecord> all(int offset, int limit) {
        return em.createNamedQuery("UserTemplateRecord.all", UserTemplateRecord.class).setFirstResult(offset).setMaxResults(limit)
                .getResultList();
    }

    @Override
    public long count() {
        return em.createQuery("SELECT COUNT(t) FROM UserTemplateRecord t", Long.class).getSingleResult();
    }

    @Override
    public Optional<UserTemplateRecord> withId(String id) {
        return Optional.ofNullable(id == null ? null : em.find(UserTemplateRecord.class, id));
    }

    @Override
    public void add(UserTemplateRecord template) {
        em.persist(template);
        em.flush();
    }

    @Override
    public void update(UserTemplateRecord template) {
        em.merge(template);
        em.flush();
    }

    @Override
    public void remove(UserTemplateRecord template) {
        em.remove(em.contains(template) ? template : em.merge(template));
        em.flush();
    }
}
