package io.moe.domain.profile;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Port: the users' own coding-client profiles and the keys bound to them. Writes join the caller's transaction and are flushed at once. */
public interface UserProfileRepository {

    /** The profile {@code id} if {@code userId} owns it; another user's profile is as absent as a missing one. */
    Optional<UserProfileRecord> ofUser(String userId, String id);

    /** The user's profiles, ordered by name. */
    List<UserProfileRecord> ofUser(String userId);

    /** Every user's profiles, by owner and name (the admin's /user-content): at most {@code limit} after the first {@code offset}. */
    List<UserProfileRecord> all(int offset, int limit);

    /** How many profiles all users keep together. */
    long count();

    Optional<UserProfileRecord> withId(String id);

    void add(UserProfileRecord profile);

    void update(UserProfileRecord profile);

    void remove(UserProfileRecord profile);

    /** The own profiles the keys of user {@code userId} are bound to: key id → profile id (unbound keys are absent). */
    Map<String, String> keyBindings(String userId);

    /** Binds key {@code keyId} to own profile {@code profileId} (null unbinds); false when no such key exists. */
    boolean bindKey(String keyId, String profileId);
}
