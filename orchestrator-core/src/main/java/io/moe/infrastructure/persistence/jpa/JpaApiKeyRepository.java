package io.moe.infrastructure.persistence.jpa;

import io.moe.infrastructure.persistence.BehindDatabaseBreaker;
import io.moe.domain.identity.ApiKey;
import io.moe.domain.identity.ApiKeyRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

import java.util.List;
import java.util.Optional;

/** API keys in table {@code api_key}, through the named queries of {@link ApiKey}. */
@ApplicationScoped
@BehindDatabaseBreaker
public class JpaApiKeyRepository implements ApiKeyRepository {

    @PersistenceContext(unitName = "moe")
    EntityManager em;

    @Override
    public Optional<ApiKey> find(String id) {
        return id == null ? Optional.empty() : Optional.ofNullable(em.find(ApiKey.class, id));
    }

    @Override
    public Optional<ApiKey> withHash(String keyHash) {
        return em.createNamedQuery("ApiKey.byHash", ApiKey.class).setParameter("hash", keyHash).getResultStream().findFirst();
    }

    @Override
    public List<ApiKey> ofUser(String userId) {
        return em.createNamedQuery("ApiKey.ofUser", ApiKey.class).setParameter("userId", userId).getResultList();
    }

    @Override
    public void add(ApiKey key) {
        em.persist(key);
        em.flush();
    }

    @Override
    public void remove(ApiKey key) {
        em.remove(em.contains(key) ? key : em.merge(key));
    }
}
