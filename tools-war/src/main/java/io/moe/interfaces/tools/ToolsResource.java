package io.moe.interfaces.tools;

import io.moe.domain.shared.Jsonp;
import io.moe.domain.shared.Refusal.Kind;

import io.moe.tools.Tool;
import io.moe.tools.ToolException;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;

import java.io.InputStream;
import java.util.Set;

/**
 * GET /health and GET /tools (open: they describe the server, they reveal no data), and
 * PUT /tools/{name} with {@code {"enabled": false}} for admins to switch a tool off or on.
 */
@Path("/")
@Produces(MediaType.APPLICATION_JSON)
public class ToolsResource {

    @Inject
    ToolRegistry tools;

    @Inject
    ToolSettings settings;

    @Inject
    JsonBodies bodies;

    @GET
    @Path("health")
    public String health() {
        Set<String> disabled = settings.disabled();
        JsonArrayBuilder names = Jsonp.createArrayBuilder();
        tools.all().forEach(t -> names.add(t.name()));
        return Jsonp.createObjectBuilder().add("status", "ok").add("tool_count", tools.all().size())
                .add("enabled_count", tools.all().stream().filter(t -> !disabled.contains(t.name())).count())
                .add("tools", names).build().toString();
    }

    @GET
    @Path("tools")
    public String list() {
        Set<String> disabled = settings.disabled();
        JsonArrayBuilder list = Jsonp.createArrayBuilder();
        for (Tool t : tools.all()) {
            list.add(describe(t, !disabled.contains(t.name())));
        }
        return Jsonp.createObjectBuilder().add("tools", list).build().toString();
    }

    @PUT
    @Path("tools/{name}")
    @Consumes(MediaType.WILDCARD)
    @ToolAuthRequired
    public String setEnabled(@PathParam("name") String name, InputStream body, @Context HttpServletRequest request) {
        ToolCaller caller = (ToolCaller) request.getAttribute(ToolCaller.PROPERTY);
        if (!caller.isAdmin()) {
            throw new ToolException(Kind.FORBIDDEN, "admin_required", null, "only an admin's API key may enable or disable tools");
        }
        Tool tool = tools.find(name).orElseThrow(() -> new ToolException(Kind.NOT_FOUND, "unknown_tool", "name",
                "there is no tool '" + name + "'; GET /tools lists them"));
        JsonObject json = bodies.object(body);
        if (!json.containsKey("enabled") || !(json.get("enabled").getValueType() == jakarta.json.JsonValue.ValueType.TRUE
                || json.get("enabled").getValueType() == jakarta.json.JsonValue.ValueType.FALSE)) {
            throw ToolException.invalid("enabled", "send {\"enabled\": true} or {\"enabled\": false}");
        }
        boolean enabled = json.getBoolean("enabled");
        settings.setEnabled(name, enabled, caller.userId());
        return describe(tool, enabled).toString();
    }

    static JsonObject describe(Tool t, boolean enabled) {
        return Jsonp.createObjectBuilder().add("name", t.name()).add("description", t.description())
                .add("enabled", enabled).add("input_schema", t.inputSchema()).build();
    }
}
