package io.moe.application.profile;

import io.moe.domain.identity.Caller;
import io.moe.domain.identity.ResourceType;
import io.moe.domain.profile.CcProfile;
import io.moe.domain.profile.CcProfileRecord;
import io.moe.domain.profile.ProfileRepository;
import io.moe.domain.profile.UserProfileRecord;
import io.moe.domain.shared.Refusal.Kind;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.Optional;

/**
 * Which coding-client profile answers a request of the messages API, in this order: the caller's own profile
 * bound to the key in the portal (while its tool model is still granted; 403 otherwise), the admin profile bound to the
 * caller's key, the caller's default profile, the first (by name) active profile the caller holds a
 * {@code cc_profile} grant {@code profile-<id>} for (admins: the first active profile), else 403 naming what
 * is missing. The profile's {@code accepted_models} then decide which model ids are accepted (404 listing them).
 * Bindings made by an admin need no grant; an inactive profile is passed over.
 */
@ApplicationScoped
public class ProfileResolver {

    @Inject
    ProfileRepository profiles;

    @Inject
    UserProfiles own;

    public ResolvedProfile resolve(Caller caller) {
        ProfileRepository.KeyBinding binding = profiles.bindingOf(caller.apiKeyId());
        Optional<UserProfileRecord> ownProfile = Optional.ofNullable(binding.ownProfileId()).flatMap(id -> own.activeOwn(caller, id));
        if (ownProfile.isPresent()) {
            CcProfile profile = own.allowed(caller, ownProfile.get().profile(), "");
            return new ResolvedProfile(ownProfile.get().name(), profile, true);
        }
        return bound(Optional.ofNullable(binding.profileId()))
                .or(() -> bound(profiles.defaultOf(caller.userId())))
                .or(() -> profiles.all().stream().filter(CcProfileRecord::isActive)
                        .filter(p -> caller.mayUse(ResourceType.CC_PROFILE, p.grant())).findFirst())
                .map(p -> new ResolvedProfile(p.name(), p.profile(), false))
                .orElseThrow(() -> new ProfileRefusedException(Kind.FORBIDDEN, "no_cc_profile", null,
                        "this key has no coding-client profile: an admin binds one to the key (cc_profile_id), sets the user's "
                                + "default_cc_profile_id, or grants cc_profile profile-<id>"));
    }

    /** The profile for a request naming {@code modelId}; 404 listing the profile's accepted ids when it is not one of them. */
    public ResolvedProfile resolve(Caller caller, String modelId) {
        ResolvedProfile profile = resolve(caller);
        if (!profile.profile().accepts(modelId)) {
            throw new ProfileRefusedException(Kind.NOT_FOUND, "model_not_found", "model", "model '" + modelId
                    + "' is not accepted by coding-client profile '" + profile.name() + "'; it accepts "
                    + profile.profile().acceptedModels());
        }
        return profile;
    }

    private Optional<CcProfileRecord> bound(Optional<String> id) {
        return id.flatMap(profiles::withId).filter(CcProfileRecord::isActive);
    }
}
