package io.moe.domain.identity;

import io.moe.domain.shared.Ids;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;

import java.time.OffsetDateTime;

/** A stored API key: only its SHA-256 hash and display prefix, never the raw key (spec resource "api_key"). */
@Entity
@Table(name = "api_key")
@NamedQuery(name = "ApiKey.byHash", query = "SELECT k FROM ApiKey k WHERE k.keyHash = :hash")
@NamedQuery(name = "ApiKey.ofUser", query = "SELECT k FROM ApiKey k WHERE k.userId = :userId ORDER BY k.createdAt")
public class ApiKey {

    @Id
    private String id;
    @Column(name = "user_id")
    private String userId;
    @Column(name = "key_hash")
    private String keyHash;
    @Column(name = "key_prefix")
    private String keyPrefix;
    private String label;
    @Column(name = "is_active")
    private int active;
    @Column(name = "created_at")
    private OffsetDateTime createdAt;
    @Column(name = "last_used_at")
    private OffsetDateTime lastUsedAt;
    @Column(name = "expires_at")
    private OffsetDateTime expiresAt;

    protected ApiKey() {
    }

    public ApiKey(String userId, ApiKeySecret secret, String label, OffsetDateTime expiresAt) {
        this.id = Ids.newId();
        this.userId = userId;
        this.keyHash = secret.hash();
        this.keyPrefix = secret.prefix();
        this.label = label == null ? "" : label;
        this.active = 1;
        this.createdAt = Ids.nowUtc();
        this.expiresAt = expiresAt;
    }

    /** Whether the key may authenticate at {@code now}: active and not past its expiry. */
    public boolean isUsableAt(OffsetDateTime now) {
        return active == 1 && (expiresAt == null || now.isBefore(expiresAt));
    }

    /** Revokes the key for good. */
    public void revoke() {
        this.active = 0;
    }

    public String id() {
        return id;
    }

    public String userId() {
        return userId;
    }

    public String keyHash() {
        return keyHash;
    }

    public String keyPrefix() {
        return keyPrefix;
    }

    public String label() {
        return label;
    }

    public boolean isActive() {
        return active == 1;
    }

    public OffsetDateTime createdAt() {
        return createdAt;
    }

    public OffsetDateTime lastUsedAt() {
        return lastUsedAt;
    }

    public OffsetDateTime expiresAt() {
        return expiresAt;
    }
}
