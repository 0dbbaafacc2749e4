package io.moe.infrastructure.persistence.jpa;

import io.moe.domain.template.ExpertTemplateRecord;
import io.moe.domain.template.TemplateRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

import java.util.List;
import java.util.Optional;

/** Expert templates in table {@code expert_template}, through the named query of {@link ExpertTemplateRecord}. */
@ApplicationScoped
public class JpaTemplateRepository implements TemplateRepository {

    @PersistenceContext(unitName = "moe")
    EntityManager em;

    @Override
    public Optional<ExpertTemplateRecord> withName(String name) {
        return em.createNamedQuery("ExpertTemplateRecord.byName", ExpertTemplateRecord.class).setParameter("name", name)
                .getResultStream().findFirst();
    }

    @Override
    public List<ExpertTemplateRecord> all() {
        return em.createQuery("SELECT t FROM ExpertTemplateRecord t ORDER BY t.name", ExpertTemplateRecord.class).getResultList();
    }

    @Override
    public void add(ExpertTemplateRecord template) {
        em.persist(template);
        em.flush();
    }
}
