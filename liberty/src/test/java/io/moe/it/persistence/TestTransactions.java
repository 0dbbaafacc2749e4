package io.moe.it.persistence;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;

import java.util.function.Supplier;

/**
 * Stands in for an application service: runs work in a container transaction, as the services' own
 * {@code @Transactional} does, and removes what a test stored. Reads that must see a change made earlier
 * in the same test run in a transaction too: outside one, an entity read earlier in the same request (here:
 * the same test method) without a transaction came back as it was before the change (observed on Liberty 26).
 */
@ApplicationScoped
@Transactional
public class TestTransactions {

    @PersistenceContext(unitName = "moe")
    EntityManager em;

    public <T> T call(Supplier<T> work) {
        return work.get();
    }

    public void run(Runnable work) {
        work.run();
    }

    /** Deletes the user with everything that references it (keys, budget and grants cascade; usage rows do not). */
    public void deleteUser(String userId) {
        em.createNativeQuery("DELETE FROM usage_log WHERE user_id = ?1").setParameter(1, userId).executeUpdate();
        em.createNativeQuery("DELETE FROM users WHERE id = ?1").setParameter(1, userId).executeUpdate();
    }

    public void deleteTemplate(String name) {
        em.createNativeQuery("DELETE FROM expert_template WHERE name = ?1").setParameter(1, name).executeUpdate();
    }
}
