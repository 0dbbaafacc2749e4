package io.moe.interfaces.adminapi;

import io.moe.application.admin.UserChanges;
import io.moe.application.identity.IdentityException;
import io.moe.application.identity.PasswordResets;
import io.moe.application.identity.UserAdministration;
import io.moe.application.profile.ProfileAdministration;
import io.moe.application.shared.Listing;
import io.moe.application.spend.SpendControl;
import io.moe.domain.identity.TokenBudget;
import io.moe.domain.identity.UserAccount;
import io.moe.domain.shared.Ids;
import io.moe.domain.shared.Jsonp;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.math.BigDecimal;

/**
 * /api/users and its sub-resources (spec: admin application), for admins only. Bodies and answers use
 * the spec's field names; the README documents the payloads the spec leaves open. A user's own usage is
 * {@link UserUsageResource}.
 */
@Path("/users")
@AdminOnly
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.WILDCARD)
public class UsersResource {


    @Inject
    UserAdministration users;

    @Inject
    PasswordResets resets;

    @Inject
    SpendControl budgets;

    @Inject
    ProfileAdministration profiles;

    @Inject
    UserChanges changes;

    @Inject
    @ConfigProperty(name = "moe.billing.display-price-per-token", defaultValue = "0.00002")
    BigDecimal pricePerToken;

    /** The accounts, oldest first, {@code limit} (1 to 1,000; 1,000 when absent) after the first {@code offset}. */
    @GET
    public String list(@QueryParam("offset") @DefaultValue("0") String offset,
                       @QueryParam("limit") @DefaultValue("1000") String limit) {
        PageQuery query = PageQuery.of(offset, limit, UserAdministration.MAX_LISTED_USERS);
        Listing<UserAccount> page = users.page(query.offset(), query.limit());
        JsonArrayBuilder list = Jsonp.createArrayBuilder();
        page.items().forEach(u -> list.add(IdentityJson.user(u)));
        return query.answer("users", list, page.total());
    }

    @POST
    public Response create(String body) {
        JsonInput in = JsonInput.of(body).accepting("username", "email", "password", "display_name", "is_admin", "is_expert");
        UserAccount user = changes.create(in.string("username"), in.string("email"), in.string("password"),
                in.string("display_name"), Boolean.TRUE.equals(in.bool("is_admin")), Boolean.TRUE.equals(in.bool("is_expert")));
        return Response.status(201).entity(IdentityJson.user(user).toString()).build();
    }

    @GET
    @Path("{id}")
    public String get(@PathParam("id") String id) {
        UserAccount user = users.user(id);
        JsonArrayBuilder keys = Jsonp.createArrayBuilder();
        users.keys(id).forEach(k -> keys.add(IdentityJson.key(k)));
        JsonArrayBuilder permissions = Jsonp.createArrayBuilder();
        users.permissions(id).forEach(p -> permissions.add(IdentityJson.permission(p)));
        return Jsonp.createObjectBuilder(IdentityJson.user(user)).add("budget", IdentityJson.budget(users.budget(id)))
                .add("keys", keys).add("permissions", permissions).add("usage", usage(users, budgets, id, pricePerToken)).build().toString();
    }

    @PUT
    @Path("{id}")
    public String update(@PathParam("id") String id, String body) {
        JsonInput in = JsonInput.of(body);
        if (in.has("username")) {
            throw IdentityException.invalid("username", "the username cannot be changed");
        }
        in.accepting("email", "password", "display_name", "is_admin", "is_active", "is_expert", "default_cc_profile_id",
                "default_template_id");
        UserAccount user = changes.update(id, new UserChanges.AccountChange(in.string("email"), in.string("password"),
                in.string("display_name"), in.bool("is_admin"), in.bool("is_active"), in.bool("is_expert"),
                in.has("default_cc_profile_id"), in.string("default_cc_profile_id"), in.has("default_template_id"),
                in.string("default_template_id")));
        return withDefaultProfile(user).toString();
    }

    private JsonObject withDefaultProfile(UserAccount user) {
        String profile = profiles.userDefault(user.id());
        JsonObjectBuilder json = Jsonp.createObjectBuilder(IdentityJson.user(user));
        return (profile == null ? json.addNull("default_cc_profile_id") : json.add("default_cc_profile_id", profile)).build();
    }

    @DELETE
    @Path("{id}")
    public String deactivate(@PathParam("id") String id) {
        return IdentityJson.user(users.deactivate(id)).toString();
    }

    @PUT
    @Path("{id}/budget")
    public String budget(@PathParam("id") String id, String body) {
        JsonInput in = JsonInput.of(body).accepting("daily_limit", "monthly_limit", "total_limit");
        TokenBudget b = users.setBudget(id, in.limit("daily_limit"), in.limit("monthly_limit"), in.limit("total_limit"));
        return IdentityJson.budget(b).toString();
    }

    @GET
    @Path("{id}/permissions")
    public String permissions(@PathParam("id") String id) {
        JsonArrayBuilder list = Jsonp.createArrayBuilder();
        users.permissions(id).forEach(p -> list.add(IdentityJson.permission(p)));
        return Jsonp.createObjectBuilder().add("permissions", list).build().toString();
    }

    @POST
    @Path("{id}/permissions")
    public Response grant(@PathParam("id") String id, String body) {
        JsonInput in = JsonInput.of(body).accepting("resource_type", "resource_id");
        return Response.status(201).entity(IdentityJson.permission(users.grant(id, in.string("resource_type"),
                in.string("resource_id"))).toString()).build();
    }

    @DELETE
    @Path("{id}/permissions/{pid}")
    public Response revoke(@PathParam("id") String id, @PathParam("pid") String permissionId) {
        users.revoke(id, permissionId);
        return Response.noContent().build();
    }

    @GET
    @Path("{id}/keys")
    public String keys(@PathParam("id") String id) {
        JsonArrayBuilder list = Jsonp.createArrayBuilder();
        users.keys(id).forEach(k -> list.add(IdentityJson.key(k)));
        return Jsonp.createObjectBuilder().add("keys", list).build().toString();
    }

    @POST
    @Path("{id}/keys")
    public Response createKey(@PathParam("id") String id, String body) {
        JsonInput in = JsonInput.of(body).accepting("label", "expires_at", "cc_profile_id", "template_id");
        String profile = in.string("cc_profile_id");
        String template = in.string("template_id");
        UserAdministration.CreatedKey created = changes.createKey(id, in.string("label"), in.time("expires_at"), profile, template);
        JsonObjectBuilder key = Jsonp.createObjectBuilder(IdentityJson.key(created.key())).add("key", created.rawKey())
                .add("note", "the key is shown only now; store it safely");
        key = template == null ? key.addNull("template_id") : key.add("template_id", template);
        JsonObject json = (profile == null ? key.addNull("cc_profile_id") : key.add("cc_profile_id", profile)).build();
        return Response.status(201).entity(json.toString()).header("Cache-Control", "no-store").build();
    }

    /**
     * Issues a one-time password-reset link for the user (valid for {@code moe.password-reset.valid-hours}, replacing
     * earlier ones); body {@code {"send_email": true}} also mails it to the user (SMTP configured, else 409). A mail
     * server that does not take the message leaves the link issued: {@code emailed} false and {@code mail_error} why.
     */
    @POST
    @Path("{id}/password-reset")
    public Response passwordReset(@PathParam("id") String id, String body) {
        JsonInput in = JsonInput.of(body).accepting("send_email");
        PasswordResets.IssuedLink link = resets.issue(id, Boolean.TRUE.equals(in.bool("send_email")));
        var answer = Jsonp.createObjectBuilder().add("url", link.url()).add("expires_at", Ids.iso(link.expiresAt()))
                .add("emailed", link.emailed()).add("note", "the link is shown only now and works once");
        if (link.mailError() != null) {
            answer.add("mail_error", link.mailError() + "; hand the link over yourself");
        }
        return Response.status(201).entity(answer.build().toString()).header("Cache-Control", "no-store").build();
    }

    @DELETE
    @Path("{id}/keys/{kid}")
    public String revokeKey(@PathParam("id") String id, @PathParam("kid") String keyId) {
        return IdentityJson.key(users.revokeKey(id, keyId)).toString();
    }

    /** The usage statistics of a user: limits, counters, totals per status and the 50 latest rows. */
    static JsonObject usage(UserAdministration users, SpendControl budgets, String id, BigDecimal pricePerToken) {
        TokenBudget budget = users.budget(id);
        long[] used = budgets.used(id);
        JsonObjectBuilder limits = Jsonp.createObjectBuilder();
        IdentityJson.limit(limits, "daily_limit", budget.dailyLimit());
        IdentityJson.limit(limits, "monthly_limit", budget.monthlyLimit());
        IdentityJson.limit(limits, "total_limit", budget.totalLimit());
        JsonObjectBuilder byStatus = Jsonp.createObjectBuilder();
        long requests = 0;
        long prompt = 0;
        long completion = 0;
        long weighted = 0;
        for (Object[] row : users.usageTotals(id)) {
            long n = ((Number) row[1]).longValue();
            long p = row[2] == null ? 0 : ((Number) row[2]).longValue();
            long c = row[3] == null ? 0 : ((Number) row[3]).longValue();
            byStatus.add((String) row[0], Jsonp.createObjectBuilder().add("requests", n).add("total_tokens", p + c));
            requests += n;
            prompt += p;
            completion += c;
            weighted += row.length > 5 && row[5] != null ? ((Number) row[5]).longValue() : 0;
        }
        JsonArrayBuilder recent = Jsonp.createArrayBuilder();
        users.recentUsage(id, 50).forEach(u -> recent.add(IdentityJson.usage(u)));
        return Jsonp.createObjectBuilder().add("user_id", id).add("limits", limits)
                .add("counters", Jsonp.createObjectBuilder().add("daily", used[0]).add("monthly", used[1]).add("total", used[2]))
                .add("requests", requests).add("prompt_tokens", prompt).add("completion_tokens", completion)
                .add("total_tokens", prompt + completion).add("weighted_tokens", weighted)
                // as the portal's bill: the counted (weighted) tokens at the configured display price
                .add("display_price", pricePerToken.multiply(BigDecimal.valueOf(weighted)))
                .add("display_price_per_token", pricePerToken)
                .add("by_status", byStatus).add("recent", recent).build();
    }
}
