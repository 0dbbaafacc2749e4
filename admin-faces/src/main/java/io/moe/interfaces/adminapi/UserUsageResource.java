package io.moe.interfaces.adminapi;

import io.moe.application.identity.UserAdministration;
import io.moe.application.spend.SpendControl;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** GET /api/users/{id}/usage: an admin may read anyone's usage, a user (with a bearer key) their own. */
@Path("/users/{id}/usage")
@SelfOrAdmin
@Produces(MediaType.APPLICATION_JSON)
public class UserUsageResource {

    @Inject
    UserAdministration users;

    @Inject
    SpendControl budgets;

    @GET
    public String usage(@PathParam("id") String id) {
        return UsersResource.usage(users, budgets, id).toString();
    }
}
