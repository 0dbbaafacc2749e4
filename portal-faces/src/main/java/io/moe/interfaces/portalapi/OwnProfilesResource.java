package io.moe.interfaces.portalapi;

import io.moe.application.profile.ProfileFile;
import io.moe.application.profile.UserProfiles;
import io.moe.application.template.OwnItems;
import io.moe.domain.profile.CcProfileRecord;
import io.moe.domain.profile.UserProfileRecord;
import io.moe.domain.shared.Jsonp;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * /user/api/cc-profiles: the signed-in user's own coding-client profiles ({@link UserProfiles}), by the routes of
 * {@link OwnItemsResource}; the export downloads {@code cc_profiles.json} (scope user), a copyable profile is listed
 * with its {@code moe_mode}.
 */
@Path("/cc-profiles")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.WILDCARD)
public class OwnProfilesResource extends OwnItemsResource<UserProfileRecord, CcProfileRecord> {

    @Inject
    UserProfiles profiles;

    public OwnProfilesResource() {
        super("profiles", ProfileFile.FILE_NAME, UserProfileRecord::toJson, p -> Jsonp.createObjectBuilder()
                .add("id", p.id()).add("name", p.name()).add("moe_mode", p.profile().mode().wireName()));
    }

    @Override
    protected OwnItems<UserProfileRecord, CcProfileRecord> service() {
        return profiles;
    }
}
