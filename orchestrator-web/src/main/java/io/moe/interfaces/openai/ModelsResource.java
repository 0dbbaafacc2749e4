package io.moe.interfaces.openai;

import io.moe.domain.mode.Mode;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** GET /v1/models: one entry per mode id. Open without a key, as clients probe it before they authenticate. */
@Path("/v1/models")
public class ModelsResource {

    private static final long CREATED = 1_767_225_600L; // 2026-01-01T00:00:00Z, the release of this model list

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public JsonObject list() {
        JsonArrayBuilder data = Json.createArrayBuilder();
        for (Mode mode : Mode.values()) {
            data.add(Json.createObjectBuilder().add("id", mode.modelId()).add("object", "model")
                    .add("created", CREATED).add("owned_by", "moe-orchestrator"));
        }
        return Json.createObjectBuilder().add("object", "list").add("data", data).build();
    }
}
