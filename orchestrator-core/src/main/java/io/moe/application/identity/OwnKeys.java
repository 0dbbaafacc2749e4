package io.moe.application.identity;

import io.moe.application.profile.UserProfiles;
import io.moe.application.shared.UnitOfWork;
import io.moe.domain.identity.ApiKey;
import io.moe.domain.identity.Caller;
import io.moe.domain.profile.UserProfileRecord;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The signed-in user's own API keys (the portal's {@code /user/keys}): list them with the own coding-client
 * profile each is bound to, create one (label, last valid moment, optionally one of the user's own profiles; the
 * raw key is returned this once), revoke one. Only the caller's own keys are ever read or changed: another
 * user's key is answered as missing (404). A user holds at most {@value UserAdministration#MAX_USABLE_KEYS} usable keys.
 */
@ApplicationScoped
@UnitOfWork
public class OwnKeys {

    @Inject
    UserAdministration users;

    @Inject
    UserProfiles profiles;

    /** A key with the name of the own profile it is bound to (null: none). */
    public record OwnKey(ApiKey key, String profileId, String profileName) {
    }

    /** The caller's keys alone, for pages that name them but show no profile. */
    public List<ApiKey> keys(Caller caller) {
        return users.keys(caller.userId());
    }

    public List<OwnKey> list(Caller caller) {
        Map<String, String> names = profileNames(caller);
        Map<String, String> bindings = profiles.keyBindings(caller.userId());
        return users.keys(caller.userId()).stream().map(k -> {
            String profileId = bindings.get(k.id());
            return new OwnKey(k, profileId, profileId == null ? null : names.get(profileId));
        }).toList();
    }

    public UserAdministration.CreatedKey create(Caller caller, String label, OffsetDateTime expiresAt, String ownProfileId) {
        String profileId = ownProfileId == null || ownProfileId.isBlank() ? null : ownProfileId;
        UserAdministration.CreatedKey created = users.createKey(caller.userId(), label, expiresAt);
        if (profileId != null) {
            profiles.bindKey(caller, created.key().id(), profileId);
        }
        return created;
    }

    public ApiKey revoke(Caller caller, String keyId) {
        return users.revokeKey(caller.userId(), keyId);
    }

    private Map<String, String> profileNames(Caller caller) {
        return profiles.ownedBy(caller.userId()).stream().collect(Collectors.toMap(UserProfileRecord::id, UserProfileRecord::name,
                (a, b) -> a, java.util.HashMap::new));
    }
}
