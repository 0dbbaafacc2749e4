package io.moe.application.identity;

import io.moe.domain.identity.ApiKey;
import io.moe.domain.identity.ApiKeySecret;
import io.moe.domain.identity.Caller;
import io.moe.domain.identity.Permission;
import io.moe.domain.identity.ResourceType;
import io.moe.domain.identity.UserAccount;
import io.moe.domain.shared.Ids;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Turns a raw API key ({@code moe-sk-} + 48 hex) into the {@link Caller} it belongs to, or nothing
 * when the key is unknown, revoked, expired or its user is blocked. Keys are looked up by their
 * SHA-256 hash only; the raw key never reaches the database.
 */
@ApplicationScoped
public class KeyAuthenticator {

    @PersistenceContext(unitName = "moe")
    EntityManager em;

    /** The caller behind {@code rawKey}; empty for any key that must be refused with 401. */
    public Optional<Caller> authenticate(String rawKey) {
        if (rawKey == null || rawKey.isBlank()) {
            return Optional.empty();
        }
        List<ApiKey> keys = em.createNamedQuery("ApiKey.byHash", ApiKey.class)
                .setParameter("hash", ApiKeySecret.hashOf(rawKey.trim()))
                .getResultList();
        return keys.stream().findFirst()
                .filter(key -> key.isUsableAt(Ids.nowUtc()))
                .flatMap(key -> Optional.ofNullable(em.find(UserAccount.class, key.userId()))
                        .filter(UserAccount::isActive)
                        .map(user -> new Caller(user.id(), user.username(), key.id(), user.isAdmin(), grantsOf(user.id()))));
    }

    private Map<ResourceType, Set<String>> grantsOf(String userId) {
        Map<ResourceType, Set<String>> grants = new EnumMap<>(ResourceType.class);
        em.createNamedQuery("Permission.ofUser", Permission.class).setParameter("userId", userId).getResultList()
                .forEach(p -> grants.computeIfAbsent(p.resourceType(), t -> new HashSet<>()).add(p.resourceId()));
        return grants;
    }
}
