package io.moe.interfaces.adminapi;

import io.moe.application.identity.UserAdministration;
import io.moe.application.spend.SpendControl;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.math.BigDecimal;

/** GET /api/users/{id}/usage: an admin may read anyone's usage, a user (with a bearer key) their own. */
@Path("/users/{id}/usage")
@SelfOrAdmin
@Produces(MediaType.APPLICATION_JSON)
public class UserUsageResource {

    @Inject
    UserAdministration users;

    @Inject
    SpendControl budgets;

    @Inject
    @ConfigProperty(name = "moe.billing.display-price-per-token", defaultValue = "0.00002")
    BigDecimal pricePerToken;

    @GET
    public String usage(@PathParam("id") String id) {
        return UsersResource.usage(users, budgets, id, pricePerToken).toString();
    }
}
