package io.moe.interfaces.openai;

import io.moe.application.feedback.FeedbackService;
import io.moe.domain.identity.Caller;
import io.moe.domain.shared.Jsonp;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;


/**
 * POST /v1/feedback {response_id, rating 1–5, correction?} and GET /v1/responses/{id}/trace: learning
 * from ratings (rule 15) and the provenance trace of an answer, both for the key that received it.
 */
@ApplicationScoped
@Path("/v1")
@KeyRequired
public class FeedbackResource {


    @Inject
    FeedbackService feedback;

    @POST
    @Path("feedback")
    @Consumes(MediaType.WILDCARD)
    @Produces(MediaType.APPLICATION_JSON)
    public String rate(String body, @Context HttpServletRequest http) {
        JsonObject json = object(body);
        if (!(json.get("response_id") instanceof JsonString id) || id.getString().isBlank()) {
            throw ApiError.invalidRequest("missing_response_id", "'response_id' is required: the id (chatcmpl-…) of the answer you rate");
        }
        int rating = JsonNumbers.wholeInRange(json.get("rating"), 1, 5).orElseThrow(() ->
                ApiError.invalidRequest("invalid_rating", "'rating' is required: an integer from 1 (bad) to 5 (good)"));
        JsonValue correctionValue = json.get("correction");
        String correction = null;
        if (correctionValue instanceof JsonString c) {
            correction = c.getString();
        } else if (correctionValue != null && correctionValue != JsonValue.NULL) {
            throw ApiError.invalidRequest("invalid_type", "'correction' must be a string");
        }
        return feedback.rate(caller(http), id.getString(), rating, correction).toString();
    }

    @GET
    @Path("responses/{id}/trace")
    @Produces(MediaType.APPLICATION_JSON)
    public String trace(@PathParam("id") String id, @Context HttpServletRequest http) {
        return feedback.trace(caller(http), id).toString();
    }

    static Caller caller(HttpServletRequest http) {
        return (Caller) http.getAttribute(ApiKeyFilter.CALLER);
    }

    private static JsonObject object(String body) {
        try {
            if (body != null && !body.isBlank() && Jsonp.readValue(body) instanceof JsonObject o) {
                return o;
            }
        } catch (JsonException | IllegalStateException e) {
            throw ApiError.invalidRequest("invalid_json", "the request body is not valid JSON: " + e.getMessage());
        }
        throw ApiError.invalidRequest("invalid_json", "send a JSON object {response_id, rating, correction?}");
    }
}
