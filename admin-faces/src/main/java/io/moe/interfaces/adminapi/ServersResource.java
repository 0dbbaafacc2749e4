package io.moe.interfaces.adminapi;

import io.moe.application.servers.InferenceServerAdministration;
import io.moe.application.servers.InferenceServerAdministration.ServerStatus;
import io.moe.application.servers.ServerHealth;
import io.moe.application.servers.ServerInput;
import io.moe.application.servers.ServerSettings;
import io.moe.domain.shared.Ids;
import io.moe.domain.shared.Jsonp;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import java.time.OffsetDateTime;

/**
 * /api/servers: the inference servers, managed at run time by admins. Each server is answered with its
 * state ({@code disabled}, {@code unknown} before the first probe, {@code healthy} or {@code unhealthy} with
 * the last error), the latency of the last probe and its discovered models. A bearer token is accepted but
 * never answered: only {@code has_token}.
 */
@Path("/servers")
@AdminOnly
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.WILDCARD)
public class ServersResource {

    @Inject
    InferenceServerAdministration servers;

    @GET
    public String list() {
        JsonArrayBuilder list = Jsonp.createArrayBuilder();
        servers.list().forEach(s -> list.add(json(s)));
        return Jsonp.createObjectBuilder().add("servers", list).build().toString();
    }

    @POST
    public Response add(String body) {
        return Response.status(201).entity(json(servers.add(ServerInput.fromJson(body))).toString()).build();
    }

    @GET
    @Path("{id}")
    public String get(@PathParam("id") String id) {
        return json(servers.get(id)).toString();
    }

    @PUT
    @Path("{id}")
    public String change(@PathParam("id") String id, String body) {
        return json(servers.change(id, ServerInput.fromJson(body))).toString();
    }

    @DELETE
    @Path("{id}")
    public Response remove(@PathParam("id") String id) {
        servers.remove(id);
        return Response.noContent().build();
    }

    @POST
    @Path("{id}/refresh")
    public String refresh(@PathParam("id") String id) {
        return json(servers.refresh(id)).toString();
    }

    static JsonObject json(ServerStatus status) {
        ServerSettings s = status.settings();
        JsonObjectBuilder o = Jsonp.createObjectBuilder().add("id", s.id()).add("name", s.name())
                .add("url", s.url().toString()).add("api_type", s.apiType().wireName()).add("has_token", s.hasToken())
                .add("concurrency", s.concurrency()).add("timeout_seconds", s.timeoutSeconds())
                .add("cost_factor", s.costFactor()).add("enabled", s.enabled())
                .add("created_at", Ids.iso(s.createdAt())).add("updated_at", Ids.iso(s.updatedAt()));
        JsonArrayBuilder models = Jsonp.createArrayBuilder();
        if (!s.enabled()) {
            o.add("state", "disabled");
        } else if (status.health().isEmpty()) {
            o.add("state", "unknown");
        } else {
            ServerHealth h = status.health().get();
            o.add("state", h.healthy() ? "healthy" : "unhealthy").add("latency_ms", h.latencyMs())
                    .add("checked_at", Ids.iso(OffsetDateTime.ofInstant(h.checkedAt(), java.time.ZoneOffset.UTC)));
            if (h.lastError() != null) {
                o.add("last_error", h.lastError());
            }
            h.models().forEach(models::add);
        }
        return o.add("models", models).add("circuit", status.circuit().wireName()).build();
    }
}
