package io.moe.interfaces.adminapi;

import io.moe.application.identity.UserAdministration;
import io.moe.application.profile.UserProfiles;
import io.moe.application.shared.Listing;
import io.moe.domain.profile.UserProfileRecord;
import io.moe.domain.shared.Jsonp;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

import java.util.Map;

/**
 * /api/admin/user-cc-profiles: every user's own coding-client profiles for an admin, each with its owner
 * ({@code user_id}, {@code username}); {@code DELETE /{id}} removes one (keys bound to it lose the binding).
 * At most {@value UserContentResource#LIMIT} are listed in one answer, which gives the {@code total}; {@code offset} pages on.
 */
@Path("/admin/user-cc-profiles")
@AdminOnly
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.WILDCARD)
public class UserProfilesContentResource {

    @Inject
    UserProfiles profiles;

    @Inject
    UserAdministration users;

    @GET
    public String list(@QueryParam("offset") @DefaultValue("0") String offset, @QueryParam("limit") @DefaultValue("1000") String limit) {
        PageQuery query = PageQuery.of(offset, limit, UserContentResource.LIMIT);
        Listing<UserProfileRecord> page = profiles.listAll(query.offset(), query.limit());
        Map<String, String> names = users.usernames(page.items().stream().map(UserProfileRecord::userId).toList());
        JsonArrayBuilder list = Jsonp.createArrayBuilder();
        for (UserProfileRecord p : page.items()) {
            String name = names.get(p.userId());
            list.add(Jsonp.createObjectBuilder(p.toJson()).add("user_id", p.userId()).add("username", name == null ? "" : name));
        }
        return query.answer("profiles", list, page.total());
    }

    @DELETE
    @Path("{id}")
    public String delete(@PathParam("id") String id) {
        UserProfileRecord removed = profiles.removeAny(id);
        return Jsonp.createObjectBuilder().add("deleted", removed.id()).add("name", removed.name()).add("user_id", removed.userId())
                .build().toString();
    }
}
