package io.moe.domain.profile;

import java.util.List;
import java.util.Optional;

/**
 * Port: the stored coding-client profiles, each under a unique name, and which profile a key or a user is
 * bound to. Writes join the caller's transaction and are flushed at once.
 */
public interface ProfileRepository {

    Optional<CcProfileRecord> withName(String name);

    Optional<CcProfileRecord> withId(String id);

    /** Every profile, ordered by name. */
    List<CcProfileRecord> all();

    void add(CcProfileRecord profile);

    void update(CcProfileRecord profile);

    void remove(CcProfileRecord profile);

    /** The id of the profile bound to API key {@code keyId}, if any. */
    Optional<String> ofKey(String keyId);

    /** Both bindings of API key {@code keyId} in one read: an admin profile's id and a user's own profile's id (each may be null). */
    KeyBinding bindingOf(String keyId);

    /** The profiles a key is bound to: an admin profile ({@code cc_profile}) and the owner's own one ({@code user_cc_profiles}). */
    record KeyBinding(String profileId, String ownProfileId) {

        public static final KeyBinding NONE = new KeyBinding(null, null);
    }

    /** The id of user {@code userId}'s default profile, if any. */
    Optional<String> defaultOf(String userId);

    /** Binds key {@code keyId} to profile {@code profileId} (null unbinds); false when no such key exists. */
    boolean bindKey(String keyId, String profileId);

    /** Sets user {@code userId}'s default profile (null clears it); false when no such user exists. */
    boolean bindUserDefault(String userId, String profileId);
}
