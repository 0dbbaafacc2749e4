package io.moe.domain.profile;

import io.moe.domain.shared.Ids;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import jakarta.persistence.Transient;

import java.time.OffsetDateTime;

/** An admin-managed coding-client profile as stored: the item JSON plus identifier, active flag and timestamps. */
@Entity
@Table(name = "cc_profile")
@NamedQuery(name = "CcProfileRecord.byName", query = "SELECT p FROM CcProfileRecord p WHERE p.name = :name")
@NamedQuery(name = "CcProfileRecord.all", query = "SELECT p FROM CcProfileRecord p ORDER BY p.name")
public class CcProfileRecord {

    @Id
    private String id;
    private String name;
    @Column(name = "config_json")
    private String configJson;
    @Column(name = "is_active")
    private int active;
    @Column(name = "created_at")
    private OffsetDateTime createdAt;
    @Column(name = "updated_at")
    private OffsetDateTime updatedAt;
    @Transient
    private CcProfile profile;

    protected CcProfileRecord() {
    }

    public CcProfileRecord(CcProfile profile) {
        this.id = Ids.newId();
        this.active = 1;
        this.createdAt = Ids.nowUtc();
        change(profile);
        this.updatedAt = createdAt;
    }

    /** Overwrites the configuration (and the name it states); id and creation time stay. */
    public void change(CcProfile profile) {
        this.profile = profile;
        this.name = profile.name();
        this.configJson = profile.toJson().toString();
        this.updatedAt = Ids.nowUtc();
    }

    /** The resource id of this profile's cc_profile grant. */
    public String grant() {
        return "profile-" + id;
    }

    public String id() {
        return id;
    }

    public String name() {
        return name;
    }

    public boolean isActive() {
        return active == 1;
    }

    public OffsetDateTime createdAt() {
        return createdAt;
    }

    public OffsetDateTime updatedAt() {
        return updatedAt;
    }

    public String configJson() {
        return configJson;
    }

    /** The profile its stored item describes. */
    public CcProfile profile() {
        if (profile == null) {
            profile = ProfileSchema.parse(configJson);
        }
        return profile;
    }
}
