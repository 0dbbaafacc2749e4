package io.moe.domain.profile;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;

/**
 * A user's own coding-client profile (spec resource user_cc_profiles): the profile item, its owner, active
 * flag and timestamps. Names are unique per owner.
 */
@Entity
@Table(name = "user_cc_profiles")
@NamedQuery(name = "UserProfileRecord.ofUser", query = "SELECT p FROM UserProfileRecord p WHERE p.userId = :userId ORDER BY p.name")
@NamedQuery(name = "UserProfileRecord.all", query = "SELECT p FROM UserProfileRecord p ORDER BY p.userId, p.name")
public class UserProfileRecord extends StoredProfile {

    @Column(name = "user_id")
    private String userId;

    protected UserProfileRecord() {
    }

    public UserProfileRecord(String userId, CcProfile profile) {
        super(profile);
        this.userId = userId;
    }

    public String userId() {
        return userId;
    }
}
