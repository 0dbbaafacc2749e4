package io.moe.domain.identity;

import io.moe.domain.shared.Ids;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;

import java.time.OffsetDateTime;

/** One explicit grant of a resource to a user; everything not granted is denied (spec resource "permission"). */
@Entity
@Table(name = "permission")
@NamedQuery(name = "Permission.ofUser", query = "SELECT p FROM Permission p WHERE p.userId = :userId ORDER BY p.grantedAt, p.id")
public class Permission {

    @Id
    private String id;
    @Column(name = "user_id")
    private String userId;
    @Column(name = "resource_type")
    private String resourceType;
    @Column(name = "resource_id")
    private String resourceId;
    @Column(name = "granted_at")
    private OffsetDateTime grantedAt;

    protected Permission() {
    }

    public Permission(String userId, ResourceType type, String resourceId) {
        this.id = Ids.newId();
        this.userId = userId;
        this.resourceType = type.wireName();
        this.resourceId = resourceId;
        this.grantedAt = Ids.nowUtc();
    }

    public String id() {
        return id;
    }

    public String userId() {
        return userId;
    }

    public ResourceType resourceType() {
        return ResourceType.fromWireName(resourceType).orElseThrow();
    }

    public String resourceId() {
        return resourceId;
    }

    public OffsetDateTime grantedAt() {
        return grantedAt;
    }
}
