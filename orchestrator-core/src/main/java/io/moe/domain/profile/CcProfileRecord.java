package io.moe.domain.profile;

import jakarta.persistence.Entity;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;

/** An admin-managed coding-client profile as stored: the item JSON plus identifier, active flag and timestamps. */
@Entity
@Table(name = "cc_profile")
@NamedQuery(name = "CcProfileRecord.byName", query = "SELECT p FROM CcProfileRecord p WHERE p.name = :name")
@NamedQuery(name = "CcProfileRecord.all", query = "SELECT p FROM CcProfileRecord p ORDER BY p.name")
public class CcProfileRecord extends StoredProfile {

    protected CcProfileRecord() {
    }

    public CcProfileRecord(CcProfile profile) {
        super(profile);
    }

    /** The resource id of this profile's cc_profile grant. */
    public String grant() {
        return "profile-" + id();
    }
}
