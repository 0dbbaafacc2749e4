package io.moe.infrastructure.persistence.jpa;

import io.moe.infrastructure.persistence.BehindDatabaseBreaker;
import io.moe.application.servers.InferenceServerRegistry;
import io.moe.application.servers.ServerSettings;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

import java.util.List;
import java.util.Optional;

/** {@link InferenceServerRegistry} in table {@code inference_server}; writes are flushed so constraint errors surface in the call. */
@ApplicationScoped
@BehindDatabaseBreaker
public class JpaInferenceServerRegistry implements InferenceServerRegistry {

    @PersistenceContext(unitName = "moe")
    EntityManager em;

    public JpaInferenceServerRegistry() {
    }

    /** A registry over {@code em}, for code that runs without a container. */
    public JpaInferenceServerRegistry(EntityManager em) {
        this.em = em;
    }

    @Override
    public List<ServerSettings> all() {
        return em.createNamedQuery("InferenceServerRow.all", InferenceServerRow.class).getResultStream()
                .map(InferenceServerRow::settings).toList();
    }

    @Override
    public Optional<ServerSettings> withId(String id) {
        return Optional.ofNullable(em.find(InferenceServerRow.class, id)).map(InferenceServerRow::settings);
    }

    @Override
    public Optional<ServerSettings> withName(String name) {
        return em.createNamedQuery("InferenceServerRow.byName", InferenceServerRow.class).setParameter("name", name)
                .getResultStream().findFirst().map(InferenceServerRow::settings);
    }

    @Override
    public boolean isEmpty() {
        return em.createNamedQuery("InferenceServerRow.count", Long.class).getSingleResult() == 0;
    }

    @Override
    public void add(ServerSettings server) {
        em.persist(new InferenceServerRow(server));
        em.flush();
    }

    @Override
    public void replace(ServerSettings server) {
        InferenceServerRow row = em.find(InferenceServerRow.class, server.id());
        if (row == null) {
            throw new IllegalArgumentException("no inference server " + server.id());
        }
        row.copy(server);
        em.flush();
    }

    @Override
    public void remove(String id) {
        InferenceServerRow row = em.find(InferenceServerRow.class, id);
        if (row != null) {
            em.remove(row);
            em.flush();
        }
    }
}
