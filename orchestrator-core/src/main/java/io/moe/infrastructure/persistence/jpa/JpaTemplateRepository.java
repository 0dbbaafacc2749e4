package io.moe.infrastructure.persistence.jpa;

import io.moe.infrastructure.persistence.BehindDatabaseBreaker;
import io.moe.domain.template.ExpertTemplateRecord;
import io.moe.domain.template.TemplateRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

import java.util.List;
import java.util.Optional;

/** Expert templates in table {@code expert_template}, through the named queries of {@link ExpertTemplateRecord}. */
@ApplicationScoped
@BehindDatabaseBreaker
public class JpaTemplateRepository implements TemplateRepository {

    @PersistenceContext(unitName = "moe")
    EntityManager em;

    @Override
    public Optional<ExpertTemplateRecord> withName(String name) {
        return em.createNamedQuery("ExpertTemplateRecord.byName", ExpertTemplateRecord.class).setParameter("name", name)
                .getResultStream().findFirst();
    }

    @Override
    public Optional<ExpertTemplateRecord> withId(String id) {
        return Optional.ofNullable(em.find(ExpertTemplateRecord.class, id));
    }

    @Override
    public List<ExpertTemplateRecord> all() {
        return em.createNamedQuery("ExpertTemplateRecord.all", ExpertTemplateRecord.class).getResultList();
    }

    @Override
    public void add(ExpertTemplateRecord template) {
        em.persist(template);
        em.flush();
    }

    @Override
    public void update(ExpertTemplateRecord template) {
        em.merge(template);
        em.flush();
    }

    @Override
    public void remove(ExpertTemplateRecord template) {
        em.remove(em.contains(template) ? template : em.merge(template));
        em.flush();
    }
}
