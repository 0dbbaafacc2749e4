package io.moe.interfaces.openai;

import io.moe.application.identity.KeyAuthenticator;
import io.moe.application.identity.PresentedKey;
import io.moe.application.routing.RouteResolver;
import io.moe.domain.identity.Caller;
import io.moe.domain.mode.Mode;
import io.moe.domain.shared.Refusal.Kind;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;

import java.util.Arrays;
import java.util.List;

/**
 * GET /v1/models. Without a key (clients probe it before they authenticate): the eight mode ids. With a
 * key: exactly what that key may name as {@code model} — its granted modes, the templates granted to it,
 * and the {@code model@server} ids of its model_endpoint grants, wildcards expanded from the server's
 * model list. An invalid key is refused with 401, as on every other route.
 */
@Path("/v1/models")
public class ModelsResource {

    private static final long CREATED = 1_767_225_600L; // 2026-01-01T00:00:00Z, the release of this model list

    @Inject
    KeyAuthenticator keys;

    @Inject
    RouteResolver routes;

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public JsonObject list(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization, @HeaderParam("x-api-key") String apiKey) {
        String key = PresentedKey.from(authorization, apiKey);
        List<String> ids = key == null ? Arrays.stream(Mode.values()).map(Mode::modelId).toList()
                : routes.usableIds(caller(key));
        JsonArrayBuilder data = Json.createArrayBuilder();
        for (String id : ids) {
            data.add(Json.createObjectBuilder().add("id", id).add("object", "model")
                    .add("created", CREATED).add("owned_by", owner(id)));
        }
        return Json.createObjectBuilder().add("object", "list").add("data", data).build();
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
