package io.moe.infrastructure.persistence.jpa;

import io.moe.infrastructure.persistence.BehindDatabaseBreaker;
import io.moe.domain.identity.Permission;
import io.moe.domain.identity.PermissionRepository;
import io.moe.domain.identity.ResourceType;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

import java.util.List;
import java.util.Optional;

/** Grants in table {@code permission}, through the named query of {@link Permission}. */
@ApplicationScoped
@BehindDatabaseBreaker
public class JpaPermissionRepository implements PermissionRepository {

    @PersistenceContext(unitName = "moe")
    EntityManager em;

    @Override
    public Optional<Permission> find(String id) {
        return id == null ? Optional.empty() : Optional.ofNullable(em.find(Permission.class, id));
    }

    @Override
    public List<Permission> ofUser(String userId) {
        return em.createNamedQuery("Permission.ofUser", Permission.class).setParameter("userId", userId).getResultList();
    }

    @Override
    public void add(Permission permission) {
        em.persist(permission);
        em.flush();
    }

    @Override
    public void remove(Permission permission) {
        em.remove(em.contains(permission) ? permission : em.merge(permission));
    }

    @Override
    public List<Permission> ofResource(ResourceType type, String resourceId) {
        return em.createQuery("SELECT p FROM Permission p WHERE p.resourceType = :type AND p.resourceId = :id", Permission.class)
                .setParameter("type", type.wireName()).setParameter("id", resourceId).getResultList();
    }
}
