package io.moe.interfaces.openai;

import io.moe.domain.shared.Jsonp;
import io.moe.domain.shared.Refusal.Kind;

import io.moe.application.pipeline.experts.ErrorExamples;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import java.util.regex.Pattern;

/**
 * Review of the corrections users submit with negative feedback (admin keys only, declared by {@link AdminOnly}). A correction is
 * shown only to its author's experts while pending; approving it shows it to every user's experts,
 * deleting it removes it everywhere. GET /v1/admin/corrections?status=pending|approved&amp;limit=1..500
 * (newest first), POST /v1/admin/corrections/{id}/approve, DELETE /v1/admin/corrections/{id}.
 */
@Path("/v1/admin/corrections")
@KeyRequired
@AdminOnly
@Produces(MediaType.APPLICATION_JSON)
public class AdminCorrectionsResource {

    private static final Pattern ID = Pattern.compile("[0-9a-f]{32}");

    @Inject
    ErrorExamples corrections;

    @GET
    public String list(@QueryParam("status") @DefaultValue(ErrorExamples.PENDING) String status,
                       @QueryParam("limit") @DefaultValue("50") String limit) {
        if (!ErrorExamples.PENDING.equals(status) && !ErrorExamples.APPROVED.equals(status)) {
            throw ApiError.invalidRequest("invalid_value", "'status' must be 'pending' or 'approved'");
        }
        JsonArrayBuilder data = Jsonp.createArrayBuilder();
        corrections.list(status, ListLimit.of(limit)).forEach(c -> data.add(json(c)));
        return Jsonp.createObjectBuilder().add("data", data).build().toString();
    }

    @POST
    @Path("{id}/approve")
    public String approve(@PathParam("id") String id) {
        return corrections.approve(valid(id)).map(c -> json(c).toString()).orElseThrow(() -> notFound(id));
    }

    @DELETE
    @Path("{id}")
    public Response delete(@PathParam("id") String id) {
        if (!corrections.delete(valid(id))) {
            throw notFound(id);
        }
        return Response.noContent().build();
    }

    private static JsonObject json(ErrorExamples.Correction c) {
        JsonArrayBuilder categories = Jsonp.createArrayBuilder();
        c.categories().forEach(categories::add);
        return Jsonp.createObjectBuilder().add("id", c.id()).add("user_id", c.userId()).add("categories", categories)
                .add("example", c.example()).add("status", c.status()).add("created", c.created()).build();
    }

    private static String valid(String id) {
        if (!ID.matcher(id).matches()) {
            throw ApiError.invalidRequest("invalid_id", "a correction id is 32 lower-case hex characters, as listed by GET /v1/admin/corrections");
        }
        return id;
    }

    private static ApiError notFound(String id) {
        return new ApiError(Kind.NOT_FOUND, "correction_not_found", "no correction '" + id + "'; list them with GET /v1/admin/corrections");
    }
}
