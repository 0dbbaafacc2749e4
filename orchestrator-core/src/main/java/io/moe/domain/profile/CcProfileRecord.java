package io.moe.domain.profile;

import io.moe.domain.shared.StoredItem;
import jakarta.json.JsonObject;
import jakarta.persistence.Entity;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import jakarta.persistence.Transient;

/** An admin-managed coding-client profile as stored: the item JSON plus identifier, active flag and timestamps. */
@Entity
@Table(name = "cc_profile")
@NamedQuery(name = "CcProfileRecord.byName", query = "SELECT p FROM CcProfileRecord p WHERE p.name = :name")
@NamedQuery(name = "CcProfileRecord.all", query = "SELECT p FROM CcProfileRecord p ORDER BY p.name")
public class CcProfileRecord extends StoredItem {

    @Transient
    private CcProfile profile;

    protected CcProfileRecord() {
    }

    public CcProfileRecord(CcProfile profile) {
        super(profile.name(), profile.toJson().toString());
        this.profile = profile;
    }

    /** Overwrites the configuration (and the name it states); id and creation time stay. */
    public void change(CcProfile profile) {
        store(profile.name(), profile.toJson().toString());
        this.profile = profile;
    }

    /** The resource id of this profile's cc_profile grant. */
    public String grant() {
        return "profile-" + id();
    }

    /** The profile its stored item describes. */
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
