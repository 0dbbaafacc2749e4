package io.moe.application.profile;

import io.moe.application.identity.UserAdministration;
import io.moe.application.template.ItemsCap;
import io.moe.application.shared.UnitOfWork;
import io.moe.application.shared.WriteLocks;
import io.moe.application.template.ImportMode;
import io.moe.application.template.ImportResult;
import io.moe.domain.identity.ResourceType;
import io.moe.domain.profile.CcProfile;
import io.moe.domain.profile.CcProfileRecord;
import io.moe.domain.profile.ProfileRepository;
import io.moe.domain.shared.Refusal.Kind;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;

import java.util.ArrayList;
import java.util.List;

/**
 * The admin-managed coding-client profiles: list, create, change, delete, export, import, and the bindings of
 * a profile to a key and of a default profile to a user. Each call is one transaction that checks
 * everything before it writes, so a refused profile or a bad import file leaves the profiles as they were.
 */
@ApplicationScoped
@UnitOfWork
public class ProfileAdministration {

    /** Admin coding-client profiles the service keeps at most (every one is listed whole by GET /api/profiles). */
    public static final int MAX_PROFILES = 1000;

    @Inject
    ProfileRepository profiles;

    @Inject
    WriteLocks locks;

    @Inject
    ProfileChecks checks;

    @Inject
    UserAdministration users;

    public List<CcProfileRecord> list() {
        return profiles.all();
    }

    public CcProfileRecord get(String id) {
        return profiles.withId(id).orElseThrow(() -> ProfileRefusedException.notFound(id));
    }

    public CcProfileRecord create(String body) {
        locks.lock("cc_profiles"); // the count and the new row, one request after another on every node
        if (profiles.all().size() >= MAX_PROFILES) {
            throw new ProfileRefusedException(Kind.CONFLICT, "too_many_profiles", null, MAX_PROFILES
                    + " coding-client profiles are the most this service keeps; delete one first");
        }
        CcProfile profile = checks.checked(body);
        if (profiles.withName(profile.name()).isPresent()) {
            throw ProfileRefusedException.duplicate(profile.name());
        }
        CcProfileRecord record = new CcProfileRecord(profile);
        profiles.add(record);
        return record;
    }

    /** Replaces profile {@code id} with the whole profile in {@code body} (read-only fields in it are ignored). */
    public CcProfileRecord change(String id, String body) {
        CcProfileRecord record = get(id);
        CcProfile profile = checks.checked(body);
        if (!profile.name().equals(record.name()) && profiles.withName(profile.name()).isPresent()) {
            throw ProfileRefusedException.duplicate(profile.name());
        }
        record.change(profile);
        profiles.update(record);
        return record;
    }

    /** Deletes the profile; keys and users bound to it lose the binding (their requests resolve anew). */
    public void remove(String id) {
        CcProfileRecord record = get(id);
        users.revokeEverywhere(ResourceType.CC_PROFILE, record.grant());
        profiles.remove(record);
    }

    public JsonObject export() {
        return ProfileFile.write(profiles.all().stream().map(CcProfileRecord::profile).toList(), "admin");
    }

    /** Imports a file as the template import does: every item checked first, then written (merge skips taken names, replace overwrites). */
    public ImportResult importFile(String text, ImportMode mode) {
        ProfileFile.Contents contents = ProfileFile.read(text);
        List<CcProfile> checked = new ArrayList<>();
        for (ProfileFile.Item item : contents.items()) {
            if (mode == ImportMode.MERGE && profiles.withName(item.name()).isPresent()) {
                continue; // skipped unread, as the template import does
            }
            checked.add(checks.checked(item.json(), item.path()));
        }
        locks.lock("cc_profiles");
        ItemsCap.overflow(profiles.all().stream().map(CcProfileRecord::name).toList(),
                checked.stream().map(CcProfile::name).toList(), MAX_PROFILES, "coding-client profiles", "this service").ifPresent(why -> {
                    throw new ProfileRefusedException(Kind.CONFLICT, "too_many_profiles", "items", why);
                });
        int imported = 0;
        for (CcProfile profile : checked) {
            var existing = profiles.withName(profile.name());
            if (existing.isEmpty()) {
                profiles.add(new CcProfileRecord(profile));
                imported++;
            } else if (mode == ImportMode.REPLACE) {
                existing.get().change(profile);
                profiles.update(existing.get());
                imported++;
            }
        }
        return new ImportResult(imported, contents.nameless() + contents.items().size() - imported);
    }

    /** Checks that {@code profileId} names a profile (null is fine: no binding); call before creating what binds it. */
    public void requireExisting(String profileId, String field) {
        if (profileId != null && profiles.withId(profileId).isEmpty()) {
            throw new ProfileRefusedException(Kind.INVALID, "unknown_profile", field, field + ": no coding-client profile with id '"
                    + profileId + "'; GET /api/profiles lists them");
        }
    }

    /** Binds API key {@code keyId} to profile {@code profileId} (null unbinds). */
    public void bindKey(String keyId, String profileId) {
        requireExisting(profileId, "cc_profile_id");
        if (!profiles.bindKey(keyId, profileId)) {
            throw new ProfileRefusedException(Kind.NOT_FOUND, "not_found", null, "no API key with id '" + keyId + "'");
        }
    }

    /** Sets the default profile of user {@code userId} (null clears it). */
    public void bindUserDefault(String userId, String profileId) {
        requireExisting(profileId, "default_cc_profile_id");
        if (!profiles.bindUserDefault(userId, profileId)) {
            throw new ProfileRefusedException(Kind.NOT_FOUND, "not_found", null, "no user with id '" + userId + "'");
        }
    }

    /** The id of user {@code userId}'s default profile, or null. */
    public String userDefault(String userId) {
        return profiles.defaultOf(userId).orElse(null);
    }

    /** The id of the profile key {@code keyId} is bound to, or null. */
    public String keyProfile(String keyId) {
        return profiles.ofKey(keyId).orElse(null);
    }
}
