package io.moe.interfaces.tools;

import io.moe.domain.shared.Jsonp;
import io.moe.domain.shared.Refusal.Kind;

import io.moe.tools.ToolException;
import jakarta.inject.Inject;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseEventSink;

import java.io.InputStream;

/**
 * The MCP HTTP+SSE transport: GET /mcp/sse opens a stream whose first event, {@code endpoint}, names
 * the URL to POST JSON-RPC messages to; answers come back on the stream as {@code message} events.
 */
@Path("/mcp")
@ToolAuthRequired
public class McpResource {

    @Inject
    McpSessions sessions;

    @Inject
    McpProtocol protocol;

    @Inject
    JsonBodies bodies;

    @GET
    @Path("sse")
    @Produces(MediaType.SERVER_SENT_EVENTS)
    public void open(@Context SseEventSink sink, @Context Sse sse, @Context HttpServletRequest request) {
        ToolCaller caller = (ToolCaller) request.getAttribute(ToolCaller.PROPERTY);
        McpSession session = sessions.open(new SseMcpStream(sink, sse), caller);
        session.send("endpoint", "/mcp/messages?sessionId=" + session.id());
    }

    @POST
    @Path("messages")
    @Consumes(MediaType.WILDCARD)
    public Response message(@QueryParam("sessionId") String sessionId, InputStream body, @Context HttpServletRequest request) {
        McpSession session = sessions.find(sessionId).orElseThrow(() -> new ToolException(Kind.NOT_FOUND, "unknown_session",
                "sessionId", "no open MCP session '" + sessionId + "'; open one with GET /mcp/sse"));
        ToolCaller caller = (ToolCaller) request.getAttribute(ToolCaller.PROPERTY);
        if (!sameCaller(session.caller(), caller)) {
            throw new ToolException(Kind.FORBIDDEN, "session_not_yours", "sessionId", "this MCP session was opened with another credential");
        }
        String text = bodies.text(body);
        JsonObject message;
        try {
            JsonValue value = Jsonp.readValue(text);
            if (!(value instanceof JsonObject o)) {
                session.send("message", McpProtocol.error(null, -32600, "send one JSON-RPC object").toString());
                throw new ToolException(Kind.INVALID, "invalid_json", null, "the body must be one JSON-RPC object such as "
                        + "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}");
            }
            message = o;
        } catch (JsonException e) {
            session.send("message", McpProtocol.error(null, -32700, "parse error: " + e.getMessage()).toString());
            throw new ToolException(Kind.INVALID, "invalid_json", null, "the body is not valid JSON: " + e.getMessage());
        }
        // the caller of this message, not of the stream: a grant revoked (or given) since the stream opened counts now
        JsonObject answer = protocol.handle(message, caller);
        if (answer != null && !session.send("message", answer.toString())) {
            sessions.close(session.id());
        }
        return Response.accepted().build();
    }

    private static boolean sameCaller(ToolCaller a, ToolCaller b) {
        return a.isService() ? b.isService() : !b.isService() && a.userId().equals(b.userId());
    }
}
