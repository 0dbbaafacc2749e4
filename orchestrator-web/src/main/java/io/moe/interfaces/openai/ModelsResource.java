package io.moe.interfaces.openai;

import io.moe.application.identity.KeyAuthenticator;
import io.moe.application.identity.PresentedKey;
import io.moe.application.profile.ProfileResolver;
import io.moe.application.profile.ProfileRefusedException;
import io.moe.application.routing.RouteResolver;
import io.moe.domain.identity.Caller;
import io.moe.domain.mode.Mode;
import io.moe.domain.shared.Jsonp;
import io.moe.domain.shared.PlainText;
import io.moe.domain.shared.Refusal.Kind;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.util.Arrays;
import java.util.List;

/**
 * GET /v1/models. Without a key (clients probe it before they authenticate): the eight mode ids. With a
 * key: exactly what that key may name as {@code model} — its granted modes, the templates granted to it,
 * and the {@code model@server} ids of its model_endpoint grants, wildcards expanded from the server's
 * model list. An invalid key is refused with 401, as on every other route. A request that carries
 * {@code anthropic-version} (a coding client) is answered in the messages API's list shape with the model ids
 * the key's coding-client profiles accept ({@code accepted_models}), or the configured {@code moe.coding.models}
 * without a key or profile.
 */
@ApplicationScoped
@Path("/v1/models")
public class ModelsResource {

    private static final long CREATED = 1_767_225_600L; // 2026-01-01T00:00:00Z, the release of this model list

    @Inject
    KeyAuthenticator keys;

    @Inject
    RouteResolver routes;

    @Inject
    ProfileResolver profiles;

    @Inject
    @ConfigProperty(name = "moe.coding.models", defaultValue = DEFAULT_CODING_MODELS)
    List<String> codingModels;

    static final String DEFAULT_CODING_MODELS = "claude-opus-4-6,claude-sonnet-4-6,claude-haiku-4-5-20251001,claude-opus-4-5,"
            + "claude-sonnet-4-5,claude-haiku-4-5";
    private static final String CREATED_AT = "2026-01-01T00:00:00Z";

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public JsonObject list(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization, @HeaderParam("x-api-key") String apiKey,
                           @HeaderParam("anthropic-version") String messagesVersion) {
        String key = PresentedKey.from(authorization, apiKey);
        if (messagesVersion != null) {
            return codingList(key == null ? codingModels : accepted(caller(key)));
        }
        List<String> ids = key == null ? Arrays.stream(Mode.values()).map(Mode::modelId).toList()
                : routes.usableIds(caller(key));
        JsonArrayBuilder data = Jsonp.createArrayBuilder();
        for (String id : ids) {
            data.add(Jsonp.createObjectBuilder().add("id", id).add("object", "model")
                    .add("created", CREATED).add("owned_by", owner(id)));
        }
        return Jsonp.createObjectBuilder().add("object", "list").add("data", data).build();
    }

    /** One model of the list ({@code client.models.retrieve}), in the list's shape; 404 for an id the list does not hold. */
    @GET
    @Path("{id: .+}")
    @Produces(MediaType.APPLICATION_JSON)
    public JsonObject one(@PathParam("id") String id, @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
                          @HeaderParam("x-api-key") String apiKey, @HeaderParam("anthropic-version") String messagesVersion) {
        JsonObject list = list(authorization, apiKey, messagesVersion);
        return list.getJsonArray("data").getValuesAs(JsonObject.class).stream().filter(m -> id.equals(m.getString("id")))
                .findFirst().orElseThrow(() -> new ApiError(Kind.NOT_FOUND, "model_not_found", "no model '" + PlainText.fit(id, 300)
                        + "' for this key; GET /v1/models lists the ids it may use"));
    }

    /**
     * The ids the caller's profiles accept; the default coding-model ids for a key without any profile. A key whose profile
     * it may no longer use (a grant of its own profile revoked) is told why, as its messages would be, not shown ids that
     * every message would then refuse.
     */
    List<String> accepted(Caller caller) {
        try {
            return profiles.acceptedModels(caller);
        } catch (ProfileRefusedException refused) {
            if (!ProfileResolver.NO_PROFILE.equals(refused.code())) {
                throw refused;
            }
            return codingModels;
        }
    }

    static JsonObject codingList(List<String> ids) {
        JsonArrayBuilder data = Jsonp.createArrayBuilder();
        ids.forEach(id -> data.add(Jsonp.createObjectBuilder().add("type", "model").add("id", id).add("display_name", id)
                .add("created_at", CREATED_AT)));
        JsonObjectBuilder list = Jsonp.createObjectBuilder().add("data", data).add("has_more", false);
        if (ids.isEmpty()) { // as the messages API answers an empty page
            return list.addNull("first_id").addNull("last_id").build();
        }
        return list.add("first_id", ids.get(0)).add("last_id", ids.get(ids.size() - 1)).build();
    }

    private Caller caller(String key) {
        return keys.authenticate(key).orElseThrow(() -> new ApiError(Kind.UNAUTHENTICATED, "invalid_api_key",
                "the API key is unknown, revoked or expired, or its user is blocked"));
    }

    private static String owner(String id) {
        int at = id.lastIndexOf('@');
        return at > 0 ? id.substring(at + 1) : "moe-orchestrator";
    }
}
