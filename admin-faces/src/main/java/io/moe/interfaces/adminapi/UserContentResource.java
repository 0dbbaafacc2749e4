package io.moe.interfaces.adminapi;

import io.moe.application.identity.UserAdministration;
import io.moe.application.template.UserTemplates;
import io.moe.domain.identity.UserAccount;
import io.moe.domain.shared.Jsonp;
import io.moe.domain.template.UserTemplateRecord;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * /api/admin/user-templates: every user's own templates for an admin, each with its owner ({@code user_id},
 * {@code username}); {@code DELETE /{id}} removes one (the owner can no longer select it by name). At most
 * {@value #LIMIT} are listed.
 */
@Path("/admin/user-templates")
@AdminOnly
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.WILDCARD)
public class UserContentResource {

    static final int LIMIT = 5_000;

    @Inject
    UserTemplates templates;

    @Inject
    UserAdministration users;

    @GET
    public String list() {
        Map<String, String> names = users.users().stream().collect(Collectors.toMap(UserAccount::id, UserAccount::username, (a, b) -> a));
        JsonArrayBuilder list = Jsonp.createArrayBuilder();
        for (UserTemplateRecord t : templates.listAll(LIMIT)) {
            list.add(owned(t, names::get));
        }
        return Jsonp.createObjectBuilder().add("templates", list).build().toString();
    }

    @DELETE
    @Path("{id}")
    public String delete(@PathParam("id") String id) {
        UserTemplateRecord removed = templates.removeAny(id);
        return Jsonp.createObjectBuilder().add("deleted", removed.id()).add("name", removed.name()).add("user_id", removed.userId())
                .build().toString();
    }

    static JsonObject owned(UserTemplateRecord t, Function<String, String> username) {
        String name = username.apply(t.userId());
        return Jsonp.createObjectBuilder(t.toJson()).add("user_id", t.userId()).add("username", name == null ? "" : name).build();
    }
}
