package io.moe.infrastructure.persistence.jpa;

import io.moe.application.shared.WriteLocks;
import io.moe.infrastructure.persistence.BehindDatabaseBreaker;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

/** {@link WriteLocks} as PostgreSQL transaction-level advisory locks, keyed by a hash of the name. */
@ApplicationScoped
@BehindDatabaseBreaker
public class PostgresWriteLocks implements WriteLocks {

    @PersistenceContext(unitName = "moe")
    EntityManager em;

    @Override
    public void lock(String name) {
        em.createNativeQuery("SELECT count(*) FROM (SELECT pg_advisory_xact_lock(hashtext(?1))) AS held")
                .setParameter(1, "moe:" + name).getSingleResult();
    }
}
