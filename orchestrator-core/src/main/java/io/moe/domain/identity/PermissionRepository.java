package io.moe.domain.identity;

import java.util.List;
import java.util.Optional;

/** Port: the grants of resources to users. {@link #add} writes at once, so a duplicate grant surfaces at the call. */
public interface PermissionRepository {

    Optional<Permission> find(String id);

    List<Permission> ofUser(String userId);

    void add(Permission permission);

    void remove(Permission permission);

    /** Every grant of the resource {@code resourceId} of {@code type}, to whichever user. */
    List<Permission> ofResource(ResourceType type, String resourceId);
}
