package io.moe.interfaces.portal;

import io.moe.application.profile.ProfileFile;
import io.moe.application.profile.UserProfiles;
import io.moe.application.template.OwnItems;
import io.moe.domain.identity.Caller;
import io.moe.domain.identity.ResourceIds;
import io.moe.domain.identity.ResourceType;
import io.moe.domain.profile.CcProfileRecord;
import io.moe.domain.profile.UserProfileRecord;
import io.moe.domain.shared.Jsonp;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import jakarta.json.JsonObject;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/** Backing bean of {@code /user/cc-profiles}: the user's own coding-client profiles ({@link UserProfiles}). */
@Named("ownProfiles")
@RequestScoped
public class OwnProfilesPage extends OwnItemsPage<UserProfileRecord> {

    @Inject
    UserProfiles profiles;

    @Override
    protected OwnItems<UserProfileRecord, CcProfileRecord> service() {
        return profiles;
    }

    @Override
    protected Map<String, String> copyable(Caller caller) {
        return profiles.copyable(caller).stream().collect(Collectors.toMap(CcProfileRecord::id, CcProfileRecord::name,
                (a, b) -> a, LinkedHashMap::new));
    }

    @Override
    protected Row row(UserProfileRecord p) {
        return new Row(p.id(), p.name(), p.isActive(), user.time(p.updatedAt()),
                p.profile().mode().wireName() + " · " + p.profile().toolModel() + "@" + p.profile().toolEndpoint());
    }

    @Override
    protected JsonObject item(String id) {
        return profiles.get(user.caller(), id).profile().toJson();
    }

    /** A profile in a mode the user may save: native with its grant, else a pipeline mode whose grant they hold. */
    @Override
    protected JsonObject example(String model, String server) {
        Caller caller = user.caller();
        String mode = caller.mayUse(ResourceType.MOE_MODE, ResourceIds.NATIVE) ? "native"
                : caller.mayUse(ResourceType.MOE_MODE, "moe_orchestrated") ? "moe_orchestrated"
                : caller.mayUse(ResourceType.MOE_MODE, "moe_reasoning") ? "moe_reasoning" : "native";
        return Jsonp.createObjectBuilder().add("name", "my-profile")
                .add("accepted_models", Jsonp.createArrayBuilder().add("claude-sonnet-4-5"))
                .add("tool_model", model).add("tool_endpoint", server).add("moe_mode", mode)
                .add("tool_choice", "auto").add("system_prompt_prefix", "You help with code.").build();
    }

    @Override
    protected String noun() {
        return "profile";
    }

    @Override
    protected String fileName() {
        return ProfileFile.FILE_NAME;
    }

    @Override
    public String getExportPath() {
        return "/api/cc-profiles/export";
    }
}
