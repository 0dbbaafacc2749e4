package io.moe.domain.identity;

import java.util.Map;
import java.util.Set;

/**
 * An authenticated caller of the API: the user behind a key, with the grants that apply to it.
 * Admins may use every resource; everyone else only what a permission grants (default deny).
 */
public record Caller(String userId, String username, String apiKeyId, boolean admin,
                     Map<ResourceType, Set<String>> grants, Limits limits) {

    public Caller {
        grants = Map.copyOf(grants);
        limits = limits == null ? Limits.NONE : limits;
    }

    /** The ids granted for {@code type} (empty when none). */
    public Set<String> granted(ResourceType type) {
        return grants.getOrDefault(type, Set.of());
    }

    /** Whether this caller may use the resource {@code id} of the given type. */
    public boolean mayUse(ResourceType type, String id) {
        return admin || grants.getOrDefault(type, Set.of()).contains(id);
    }
}
