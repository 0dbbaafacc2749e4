package io.moe.infrastructure.persistence.jpa;

import io.moe.application.overview.StoreState;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

/**
 * Asks PostgreSQL, through the application's data source, for {@code SELECT 1}: the check of the database's circuit
 * breaker ({@link io.moe.infrastructure.persistence.DatabaseBreaker}), which reports the result to the health page.
 */
@ApplicationScoped
public class JpaDatabaseCheck {

    @PersistenceContext(unitName = "moe")
    EntityManager em;

    /** Waits for the answer (at most the statement's socket timeout) and times it. */
    public StoreState check() {
        return StoreState.measure("PostgreSQL", () -> em.createNativeQuery("SELECT 1").getSingleResult());
    }
}
