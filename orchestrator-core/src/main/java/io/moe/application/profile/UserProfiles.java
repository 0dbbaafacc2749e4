package io.moe.application.profile;

import io.moe.application.shared.Listing;
import io.moe.application.shared.UnitOfWork;
import io.moe.application.template.ImportMode;
import io.moe.application.template.ImportResult;
import io.moe.application.template.OwnItems;
import io.moe.application.template.ItemsCap;
import io.moe.application.template.UserTemplates;
import io.moe.domain.identity.Caller;
import io.moe.domain.identity.ResourceIds;
import io.moe.domain.identity.ResourceType;
import io.moe.domain.identity.UserRepository;
import io.moe.domain.mode.Mode;
import io.moe.domain.profile.CcProfile;
import io.moe.domain.profile.CcProfileRecord;
import io.moe.domain.profile.ProfileSchema;
import io.moe.domain.profile.ProfileRepository;
import io.moe.domain.profile.UserProfileRecord;
import io.moe.domain.profile.UserProfileRepository;
import io.moe.domain.shared.CopyName;
import io.moe.domain.shared.Jsonp;
import io.moe.domain.shared.Refusal.Kind;
import io.moe.domain.template.ModelRef;
import io.moe.domain.template.TemplateRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A user's own coding-client profiles (spec: user_cc_profiles): list, create, change, delete, toggle, copy from
 * an admin profile the user may use, export and import, and binding one to the user's own key. The same rule as
 * own templates decides who may keep them (role expert or admin and a model_endpoint grant, else 403), and a
 * profile may name only what the owner may use: its tool model must be granted (model_endpoint, exact or
 * {@code *@server}; 403 {@code model_endpoint_not_granted} naming {@code tool_model}), its expert template one
 * the owner holds a grant for. The schema, server and template checks are the admin profiles' ({@link ProfileChecks}).
 * Another user's profile is answered as missing (404). Each call is one transaction that checks before it writes.
 */
@ApplicationScoped
@UnitOfWork
public class UserProfiles implements OwnItems<UserProfileRecord, CcProfileRecord> {

    /** Own profiles one user may keep. */
    public static final int MAX_PER_USER = 200;

    @Inject
    UserProfileRepository profiles;

    @Inject
    ProfileRepository adminProfiles;

    @Inject
    TemplateRepository templates;

    @Inject
    ProfileChecks checks;

    @Inject
    UserTemplates authors;

    @Inject
    UserRepository accounts;

    /** The caller's own profiles: reading, exporting, deactivating and deleting need only ownership, as for own templates. */
    @Override
    public List<UserProfileRecord> list(Caller caller) {
        return profiles.ofUser(caller.userId());
    }

    @Override
    public UserProfileRecord get(Caller caller, String id) {
        return own(caller, id);
    }

    @Override
    public UserProfileRecord create(Caller caller, String body) {
        authors.requireAuthor(caller);
        return add(caller, allowed(caller, checks.checked(body), ""));
    }

    @Override
    public UserProfileRecord change(Caller caller, String id, String body) {
        authors.requireAuthor(caller);
        UserProfileRecord record = own(caller, id);
        CcProfile profile = allowed(caller, checks.checked(body), "");
        if (!profile.name().equals(record.name()) && named(caller, profile.name()).isPresent()) {
            throw ProfileRefusedException.duplicate(profile.name());
        }
        record.change(profile);
        profiles.update(record);
        return record;
    }

    /** Deletes the profile; the owner's keys bound to it lose the binding. */
    @Override
    public void remove(Caller caller, String id) {
        profiles.remove(own(caller, id));
    }

    @Override
    public UserProfileRecord toggle(Caller caller, String id) {
        UserProfileRecord record = own(caller, id);
        if (!record.isActive()) {
            authors.requireAuthor(caller); // activating is an author's right, deactivating the owner's
        }
        record.toggle();
        profiles.update(record);
        return record;
    }

    /** Copies admin profile {@code adminProfileId}, which the caller may use (cc_profile grant, or admin), into an own profile. */
    @Override
    public UserProfileRecord copy(Caller caller, String adminProfileId) {
        authors.requireAuthor(caller);
        CcProfileRecord source = copyable(caller).stream().filter(p -> p.id().equals(adminProfileId)).findFirst()
                .orElseThrow(() -> new ProfileRefusedException(Kind.NOT_FOUND, "not_found", "profile_id",
                        "no coding-client profile with id '" + adminProfileId + "' that your account may use"));
        String name = source.name();
        for (int n = 1; named(caller, name).isPresent(); n++) {
            name = CopyName.of(source.name(), n, ProfileSchema.MAX_NAME);
        }
        JsonObject item = Jsonp.createObjectBuilder(source.profile().toJson()).add("name", name).build();
        return add(caller, allowed(caller, checks.checked(item.toString()), ""));
    }

    /** The admin profiles {@code caller} may copy: active, and granted (admins: all). */
    @Override
    public List<CcProfileRecord> copyable(Caller caller) {
        authors.requireAuthor(caller);
        return adminProfiles.all().stream().filter(p -> p.isActive() && caller.mayUse(ResourceType.CC_PROFILE, p.grant())).toList();
    }

    @Override
    public JsonObject export(Caller caller) {
        return ProfileFile.write(list(caller).stream().map(UserProfileRecord::profile).toList(), "user");
    }

    /** Imports an export file into the caller's own profiles: the admin import's envelope and validation table, per owner. */
    @Override
    public ImportResult importFile(Caller caller, String text, ImportMode mode) {
        authors.requireAuthor(caller);
        ProfileFile.Contents contents = ProfileFile.read(text);
        List<CcProfile> checked = new ArrayList<>();
        for (ProfileFile.Item item : contents.items()) {
            if (mode == ImportMode.MERGE && named(caller, item.name()).isPresent()) {
                continue; // skipped unread, as the template import does
            }
            checked.add(allowed(caller, checks.checked(item.json(), item.path()), item.path() + "."));
        }
        ItemsCap.overflow(profiles.ofUser(caller.userId()).stream().map(UserProfileRecord::name).toList(),
                checked.stream().map(CcProfile::name).toList(), MAX_PER_USER, "own profiles", "you").ifPresent(why -> {
                    throw new ProfileRefusedException(Kind.CONFLICT, "too_many_profiles", "items", why);
                });
        int imported = 0;
        for (CcProfile profile : checked) {
            Optional<UserProfileRecord> existing = named(caller, profile.name());
            if (existing.isEmpty()) {
                add(caller, profile);
                imported++;
            } else if (mode == ImportMode.REPLACE) {
                existing.get().change(profile);
                profiles.update(existing.get());
                imported++;
            }
        }
        return new ImportResult(imported, contents.nameless() + contents.items().size() - imported);
    }

    /** Every user's profiles, for an admin (/user-content): at most {@code limit} after the first {@code offset}. */
    public Listing<UserProfileRecord> listAll(int offset, int limit) {
        return new Listing<>(profiles.all(offset, limit), profiles.count());
    }

    /** Any user's profile, for an admin (/user-content shows one); 404 when there is none. */
    public UserProfileRecord getAny(String id) {
        return profiles.withId(id).orElseThrow(() -> ProfileRefusedException.notFound(id));
    }

    /** An admin removes any user's profile (DELETE /api/admin/user-cc-profiles/{id}); 404 when there is none. */
    public UserProfileRecord removeAny(String id) {
        UserProfileRecord record = getAny(id);
        profiles.remove(record);
        return record;
    }

    /**
     * Binds the caller's own key {@code keyId} to the caller's own profile {@code profileId} (null unbinds);
     * a profile of another user is answered as missing. The key's ownership is checked by the caller of this method.
     */
    public void bindKey(Caller caller, String keyId, String profileId) {
        if (profileId != null) {
            authors.requireAuthor(caller);
            own(caller, profileId);
        }
        profiles.bindKey(keyId, profileId);
    }

    /** The own profiles the keys of {@code userId} are bound to: key id → profile id. */
    public Map<String, String> keyBindings(String userId) {
        return profiles.keyBindings(userId);
    }

    /** The profiles of {@code userId}, whatever the role (the portal's key form lists them; none without the role). */
    public List<UserProfileRecord> ownedBy(String userId) {
        return profiles.ofUser(userId);
    }

    /** The caller's own profile {@code profileId} (the one bound to the caller's key), when it is active. */
    public Optional<UserProfileRecord> activeOwn(Caller caller, String profileId) {
        return profiles.ofUser(caller.userId(), profileId).filter(UserProfileRecord::isActive);
    }

    /** Refuses {@code field} with 403 when the caller holds no model_endpoint grant for {@code model} (exact or its server's wildcard). */
    private static void requireGranted(Caller caller, ModelRef model, String field) {
        if (!UserTemplates.mayCallDirectly(caller, model.toString(), model.endpoint())) {
            throw new ProfileRefusedException(Kind.FORBIDDEN, "model_endpoint_not_granted", field,
                    "your account has no model_endpoint permission for '" + model + "' (nor '*@" + model.endpoint()
                            + "'); own profiles may use only the models your permissions allow");
        }
    }

    /**
     * The profile, when the caller may use its tool model, its reasoning model and its expert template; a pipeline mode
     * without a template of its own runs on the default template, which takes the mode's {@code moe_mode} grant, as the
     * mode's id on the chat route does.
     */
    CcProfile allowed(Caller caller, CcProfile profile, String path) {
        requireGranted(caller, profile.toolModelRef(), path + "tool_model");
        profile.reasoningModelRef().ifPresent(m -> requireGranted(caller, m, path + "reasoning_model"));
        Mode pipeline = profile.mode().pipelineMode();
        if (pipeline == null && !caller.mayUse(ResourceType.MOE_MODE, ResourceIds.NATIVE)) {
            throw new ProfileRefusedException(Kind.FORBIDDEN, "permission_denied", path + "moe_mode", "your account has no moe_mode "
                    + "permission 'native', which a profile in moe_mode 'native' needs (it sends requests straight to its tool_model); "
                    + "ask an admin for it, or use a pipeline mode your permissions allow");
        }
        if (pipeline != null && profile.expertTemplate() == null && !caller.mayUse(ResourceType.MOE_MODE, pipeline.routing())) {
            throw new ProfileRefusedException(Kind.FORBIDDEN, "permission_denied", path + "moe_mode", "your account has no moe_mode "
                    + "permission '" + pipeline.routing() + "', which moe_mode '" + profile.mode().wireName() + "' on the default "
                    + "template needs; name an expert_template you may use, or use moe_mode 'native' (with the permission 'native')");
        }
        if (profile.expertTemplate() != null && templates.withName(profile.expertTemplate())
                .filter(t -> caller.mayUse(ResourceType.EXPERT_TEMPLATE, "tmpl-" + t.id())).isEmpty()) {
            throw new ProfileRefusedException(Kind.FORBIDDEN, "template_not_authorized", path + "expert_template",
                    "your account may not use expert template '" + profile.expertTemplate() + "'");
        }
        return profile;
    }

    private UserProfileRecord add(Caller caller, CcProfile profile) {
        accounts.lock(caller.userId()); // the name check, the count and the new row, one request of this user after another
        if (named(caller, profile.name()).isPresent()) {
            throw ProfileRefusedException.duplicate(profile.name());
        }
        if (profiles.ofUser(caller.userId()).size() >= MAX_PER_USER) {
            throw new ProfileRefusedException(Kind.CONFLICT, "too_many_profiles", null,
                    "you keep " + MAX_PER_USER + " own profiles, the most allowed; delete one first");
        }
        UserProfileRecord record = new UserProfileRecord(caller.userId(), profile);
        profiles.add(record);
        return record;
    }

    private UserProfileRecord own(Caller caller, String id) {
        return profiles.ofUser(caller.userId(), id).orElseThrow(() -> ProfileRefusedException.notFound(id));
    }

    private Optional<UserProfileRecord> named(Caller caller, String name) {
        return profiles.ofUser(caller.userId()).stream().filter(p -> p.name().equals(name)).findFirst();
    }
}
