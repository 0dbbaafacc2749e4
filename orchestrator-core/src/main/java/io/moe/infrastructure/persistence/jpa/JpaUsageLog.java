package io.moe.infrastructure.persistence.jpa;

import io.moe.domain.identity.UsageEntry;
import io.moe.domain.identity.UsageLog;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

import java.util.List;

/** The usage log in table {@code usage_log}. */
@ApplicationScoped
public class JpaUsageLog implements UsageLog {

    @PersistenceContext(unitName = "moe")
    EntityManager em;

    @Override
    public void append(UsageEntry entry) {
        if (em.find(UsageEntry.class, entry.id()) == null) {
            em.persist(entry);
        }
    }

    @Override
    public List<UsageEntry> recent(String userId, int max) {
        return em.createNamedQuery("UsageEntry.ofUser", UsageEntry.class).setParameter("userId", userId)
                .setMaxResults(max).getResultList();
    }

    @Override
    public List<Object[]> totals(String userId) {
        return em.createQuery("SELECT u.status, COUNT(u), SUM(u.promptTokens), SUM(u.completionTokens), SUM(u.totalTokens)"
                + " FROM UsageEntry u WHERE u.userId = :userId GROUP BY u.status", Object[].class)
                .setParameter("userId", userId).getResultList();
    }
}
