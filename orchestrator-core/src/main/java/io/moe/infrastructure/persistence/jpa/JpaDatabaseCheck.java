package io.moe.infrastructure.persistence.jpa;

import io.moe.application.overview.StoreState;
import io.moe.application.shared.UnitsOfWork;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

/**
 * Asks PostgreSQL, through the application's data source, for {@code SELECT 1}: the check of the database's circuit
 * breaker ({@link io.moe.infrastructure.persistence.DatabaseBreaker}), which reports the result to the health page.
 * Each check is a unit of work of its own: the breaker's thread lives as long as the server, and would otherwise hold the
 * check's pooled connection all that time.
 */
@ApplicationScoped
public class JpaDatabaseCheck {

    @PersistenceContext(unitName = "moe")
    EntityManager em;

    @Inject
    UnitsOfWork units;

    /** Waits for the answer (at most the statement's socket timeout) and times it. */
    public StoreState check() {
        return StoreState.measure("PostgreSQL", () -> units.get(() -> em.createNativeQuery("SELECT 1").getSingleResult()));
    }
}
