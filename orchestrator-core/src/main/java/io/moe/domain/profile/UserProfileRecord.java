package io.moe.domain.profile;

import io.moe.domain.shared.StoredItem;
import jakarta.json.JsonObject;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import jakarta.persistence.Transient;

/**
 * A user's own coding-client profile (spec resource user_cc_profiles): the profile item, its owner, active
 * flag and timestamps. Names are unique per owner.
 */
@Entity
@Table(name = "user_cc_profiles")
@NamedQuery(name = "UserProfileRecord.ofUser", query = "SELECT p FROM UserProfileRecord p WHERE p.userId = :userId ORDER BY p.name")
@NamedQuery(name = "UserProfileRecord.all", query = "SELECT p FROM UserProfileRecord p ORDER BY p.userId, p.name")
public class UserProfileRecord extends StoredItem {

    @Column(name = "user_id")
    private String userId;
    @Transient
    private CcProfile profile;

    protected UserProfileRecord() {
    }

    public UserProfileRecord(String userId, CcProfile profile) {
        super(profile.name(), profile.toJson().toString());
        this.userId = userId;
        this.profile = profile;
    }

    /** Overwrites the configuration (and the name it states); id, owner and creation time stay. */
    public void change(CcProfile profile) {
        store(profile.name(), profile.toJson().toString());
        this.profile = profile;
    }

    public String userId() {
        return userId;
    }

    public CcProfile profile() {
        if (profile == null) {
            profile = ProfileSchema.parse(configJson());
        }
        return profile;
    }

    @Override
    protected JsonObject fields() {
        return profile().toJson();
    }
}
