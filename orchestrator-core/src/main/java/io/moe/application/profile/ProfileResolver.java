package io.moe.application.profile;

import io.moe.domain.identity.Caller;
import io.moe.domain.identity.ResourceType;
import io.moe.domain.profile.CcProfile;
import io.moe.domain.profile.CcProfileRecord;
import io.moe.domain.profile.ProfileRepository;
import io.moe.domain.profile.UserProfileRecord;
import io.moe.domain.shared.PlainText;
import io.moe.domain.shared.Refusal.Kind;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Which coding-client profile answers a request of the messages API. A profile chosen for the caller decides alone, in
 * this order: the caller's own profile bound to the key in the portal (while its tool model is still granted; 403
 * otherwise), the admin profile bound to the caller's key, the caller's default profile. Without one, the caller may
 * use every active profile they hold a {@code cc_profile} grant {@code profile-<id>} for (admins: every active
 * profile), and a request is answered by the first of them (by name) that accepts its model id — so a user granted a
 * native profile for one model and an orchestrated one for another reaches each by naming its model. No usable
 * profile: 403 naming what is missing; no usable profile accepting the model id: 404 listing the ids that are.
 * Bindings made by an admin need no grant; an inactive profile is passed over.
 */
@ApplicationScoped
public class ProfileResolver {

    /** The refusal of a key that has no profile at all (none bound, no default, none granted). */
    public static final String NO_PROFILE = "no_cc_profile";
    /** How many profiles a refusal names. */
    private static final int NAMED = 10;
    /** How many accepted model ids a refusal lists. */
    private static final int LISTED = 40;
    /** How much of the requested model id a refusal repeats. */
    static final int ECHOED = 300;

    @Inject
    ProfileRepository profiles;

    @Inject
    UserProfiles own;

    /** The profile for a request naming {@code modelId}; 404 listing the accepted ids when no usable profile takes it. */
    public ResolvedProfile resolve(Caller caller, String modelId) {
        List<ResolvedProfile> usable = usable(caller);
        return usable.stream().filter(p -> p.profile().accepts(modelId)).findFirst()
                .orElseThrow(() -> new ProfileRefusedException(Kind.NOT_FOUND, "model_not_found", "model", "model '"
                        + PlainText.fit(modelId, ECHOED) + "' is not accepted by " + describe(usable) + "; "
                        + (usable.size() == 1 ? "it accepts " : "they accept ") + listed(acceptedModels(usable))));
    }

    /** The model ids the caller's usable profiles accept, each once, in the order of the profiles. */
    public List<String> acceptedModels(Caller caller) {
        return List.copyOf(acceptedModels(usable(caller)));
    }

    /**
     * The profiles the caller's requests may run with, in the order they are tried: the one chosen for the caller,
     * else every granted active profile by name; 403 when there is none.
     */
    public List<ResolvedProfile> usable(Caller caller) {
        ProfileRepository.KeyBinding binding = profiles.bindingOf(caller.apiKeyId());
        Optional<UserProfileRecord> ownProfile = Optional.ofNullable(binding.ownProfileId()).flatMap(id -> own.activeOwn(caller, id));
        if (ownProfile.isPresent()) {
            CcProfile profile = own.allowed(caller, ownProfile.get().profile(), "");
            return List.of(new ResolvedProfile(ownProfile.get().name(), profile, true));
        }
        Optional<CcProfileRecord> chosen = bound(Optional.ofNullable(binding.profileId())).or(() -> bound(profiles.defaultOf(caller.userId())));
        List<CcProfileRecord> records = chosen.map(List::of).orElseGet(() -> profiles.all().stream().filter(CcProfileRecord::isActive)
                .filter(p -> caller.mayUse(ResourceType.CC_PROFILE, p.grant())).toList());
        if (records.isEmpty()) {
            throw new ProfileRefusedException(Kind.FORBIDDEN, NO_PROFILE, null,
                    "this key has no coding-client profile: an admin binds one to the key (cc_profile_id), sets the user's "
                            + "default_cc_profile_id, or grants cc_profile profile-<id>");
        }
        return records.stream().map(p -> new ResolvedProfile(p.name(), p.profile(), false)).toList();
    }

    private Optional<CcProfileRecord> bound(Optional<String> id) {
        return id.flatMap(profiles::withId).filter(CcProfileRecord::isActive);
    }

    private static Set<String> acceptedModels(List<ResolvedProfile> usable) {
        Set<String> ids = new LinkedHashSet<>();
        usable.forEach(p -> ids.addAll(p.profile().acceptedModels()));
        return ids;
    }

    /** At most {@value #LISTED} ids, as a list: [a, b, …]. */
    private static String listed(Set<String> ids) {
        return ids.stream().limit(LISTED).collect(Collectors.joining(", ", "[", ids.size() > LISTED ? ", …]" : "]"));
    }

    private static String describe(List<ResolvedProfile> usable) {
        if (usable.size() == 1) {
            return "coding-client profile '" + usable.get(0).name() + "'";
        }
        String names = usable.stream().limit(NAMED).map(p -> "'" + p.name() + "'").collect(Collectors.joining(", "));
        return "any of the " + usable.size() + " coding-client profiles this key may use (" + names
                + (usable.size() > NAMED ? ", …" : "") + ")";
    }
}
