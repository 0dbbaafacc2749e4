package io.moe.domain.profile;

import io.moe.domain.shared.Ids;
import io.moe.domain.shared.Jsonp;
import jakarta.json.JsonObject;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import jakarta.persistence.Transient;

import java.time.OffsetDateTime;

/**
 * A user's own coding-client profile (spec resource user_cc_profiles): the profile item, its owner, active
 * flag and timestamps. Names are unique per owner.
 */
@Entity
@Table(name = "user_cc_profiles")
@NamedQuery(name = "UserProfileRecord.ofUser", query = "SELECT p FROM UserProfileRecord p WHERE p.userId = :userId ORDER BY p.name")
@NamedQuery(name = "UserProfileRecord.all", query = "SELECT p FROM UserProfileRecord p ORDER BY p.userId, p.name")
public class UserProfileRecord {

    @Id
    private String id;
    @Column(name = "user_id")
    private String userId;
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

    protected UserProfileRecord() {
    }

    public UserProfileRecord(String userId, CcProfile profile) {
        this.id = Ids.newId();
        this.userId = userId;
        this.active = 1;
        this.createdAt = Ids.nowUtc();
        change(profile);
    }

    /** Overwrites the configuration (and the name it states); id, owner and creation time stay. */
    public void change(CcProfile profile) {
        this.profile = profile;
        this.name = profile.name();
        this.configJson = profile.toJson().toString();
        this.updatedAt = Ids.nowUtc();
    }

    public void toggle() {
        this.active = 1 - active;
        this.updatedAt = Ids.nowUtc();
    }

    public String id() {
        return id;
    }

    public String userId() {
        return userId;
    }

    public String name() {
        return name;
    }

    public boolean isActive() {
        return active == 1;
    }

    public OffsetDateTime updatedAt() {
        return updatedAt;
    }

    public CcProfile profile() {
        if (profile == null) {
            profile = ProfileSchema.parse(configJson);
        }
        return profile;
    }

    /** The item as the portal and the admin API answer it: id, the profile's fields, is_active, created_at, updated_at. */
    public JsonObject toJson() {
        return Jsonp.createObjectBuilder().add("id", id).addAll(Jsonp.createObjectBuilder(profile().toJson()))
                .add("is_active", isActive()).add("created_at", Ids.iso(createdAt)).add("updated_at", Ids.iso(updatedAt)).build();
    }
}
