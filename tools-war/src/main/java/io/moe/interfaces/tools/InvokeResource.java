package io.moe.interfaces.tools;

import io.moe.domain.shared.Jsonp;
import io.moe.domain.shared.Refusal.Kind;

import io.moe.tools.ToolException;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;

import java.io.InputStream;

/** POST /invoke with {@code {"tool": name, "args": {...}}}: 200 {@code {"tool", "result"}} or an error body. */
@Path("/invoke")
@ToolAuthRequired
public class InvokeResource {

    /** Sent with the service credential by the admin's tool evaluation: the admin the call log names. */
    static final String ON_BEHALF_OF = "X-Moe-On-Behalf-Of";

    @Inject
    ToolInvoker invoker;

    @Inject
    JsonBodies bodies;

    @POST
    @Consumes(MediaType.WILDCARD)
    @Produces(MediaType.APPLICATION_JSON)
    public String invoke(InputStream body, @Context HttpServletRequest request) {
        JsonObject json = bodies.object(body);
        if (!(json.get("tool") instanceof JsonString tool) || tool.getString().isBlank()) {
            throw new ToolException(Kind.INVALID, "missing_argument", "tool", "'tool' is required: the name of a tool from GET /tools");
        }
        JsonValue args = json.getOrDefault("args", JsonValue.EMPTY_JSON_OBJECT);
        if (args == JsonValue.NULL) {
            args = JsonValue.EMPTY_JSON_OBJECT;
        }
        if (!(args instanceof JsonObject arguments)) {
            throw ToolException.invalid("args", "'args' must be an object of named arguments");
        }
        ToolCaller caller = (ToolCaller) request.getAttribute(ToolCaller.PROPERTY);
        JsonValue result = invoker.invoke(tool.getString(), arguments, caller, who(caller, request.getHeader(ON_BEHALF_OF)));
        return Jsonp.createObjectBuilder().add("tool", tool.getString()).add("result", result).build().toString();
    }

    /** The caller as the call log names it; only the service credential may name someone else. */
    static String who(ToolCaller caller, String onBehalfOf) {
        if (caller.isService() && onBehalfOf != null && onBehalfOf.matches("[\\w.@+-]{1,64}")) {
            return onBehalfOf + " (tool evaluation)";
        }
        return caller.label();
    }
}
