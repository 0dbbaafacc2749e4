package io.moe.infrastructure.persistence.jpa;

import io.moe.application.overview.StoreProbe;
import io.moe.application.overview.StoreState;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

/** Asks PostgreSQL, through the application's data source, for {@code SELECT 1}. */
@ApplicationScoped
public class JpaStoreProbe implements StoreProbe {

    @PersistenceContext(unitName = "moe")
    EntityManager em;

    @Override
    public String store() {
        return "PostgreSQL";
    }

    @Override
    public StoreState check() {
        return StoreState.measure(store(), () -> em.createNativeQuery("SELECT 1").getSingleResult());
    }
}
