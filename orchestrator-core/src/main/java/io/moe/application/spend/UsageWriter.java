package io.moe.application.spend;

import io.moe.domain.identity.UsageEntry;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;

/** Writes one usage row in a transaction of its own. */
@ApplicationScoped
public class UsageWriter {

    @PersistenceContext(unitName = "moe")
    EntityManager em;

    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public void write(UsageEntry entry) {
        if (em.find(UsageEntry.class, entry.id()) == null) {
            em.persist(entry);
        }
    }
}
