package io.moe.domain.profile;

import io.moe.domain.shared.StoredItem;
import jakarta.json.JsonObject;
import jakarta.persistence.MappedSuperclass;
import jakarta.persistence.Transient;

/** What an admin's and a user's stored coding-client profile have beyond a stored item: the profile read from it once. */
@MappedSuperclass
public abstract class StoredProfile extends StoredItem {

    @Transient
    private CcProfile profile;

    /** For JPA. */
    protected StoredProfile() {
    }

    protected StoredProfile(CcProfile profile) {
        super(profile.name(), profile.toJson().toString());
        this.profile = profile;
    }

    /** Overwrites the configuration (and the name it states); id, creation time and a user's profile's owner stay. */
    public void change(CcProfile profile) {
        store(profile.name(), profile.toJson().toString());
        this.profile = profile;
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
