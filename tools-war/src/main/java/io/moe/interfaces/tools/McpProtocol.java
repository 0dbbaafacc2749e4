package io.moe.interfaces.tools;

import io.moe.domain.shared.Jsonp;
import io.moe.tools.Tool;
import io.moe.tools.ToolException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

import java.util.List;
import java.util.Set;

/**
 * The Model Context Protocol's JSON-RPC methods this server answers: initialize, ping, tools/list and
 * tools/call. Notifications get no answer; unknown methods get error -32601.
 */
@ApplicationScoped
public class McpProtocol {

    static final List<String> VERSIONS = List.of("2025-06-18", "2025-03-26", "2024-11-05");

    @Inject
    ToolRegistry tools;

    @Inject
    ToolSettings settings;

    @Inject
    ToolInvoker invoker;

    /** The response to {@code message}, or null when it is a notification. */
    public JsonObject handle(JsonObject message, ToolCaller caller) {
        JsonValue id = message.get("id");
        String method = message.get("method") instanceof JsonString s ? s.getString() : null;
        if (method == null) {
            return id == null ? null : error(id, -32600, "a request needs a 'method'");
        }
        if (id == null || id == JsonValue.NULL) {
            return null; // notifications/initialized and friends
        }
        JsonObject params = message.get("params") instanceof JsonObject p ? p : JsonValue.EMPTY_JSON_OBJECT;
        return switch (method) {
            case "initialize" -> result(id, Jsonp.createObjectBuilder()
                    .add("protocolVersion", VERSIONS.contains(params.getString("protocolVersion", "")) ? params.getString("protocolVersion") : VERSIONS.get(0))
                    .add("capabilities", Jsonp.createObjectBuilder().add("tools", Jsonp.createObjectBuilder().add("listChanged", false)))
                    .add("serverInfo", Jsonp.createObjectBuilder().add("name", "moe-precision-tools").add("version", "0.1.0"))
                    .add("instructions", "Deterministic precision tools: exact arithmetic, equations, dates, units, statistics, hashes, regex, subnets, JSON path, German federal law, file generation.")
                    .build());
            case "ping" -> result(id, JsonValue.EMPTY_JSON_OBJECT);
            case "tools/list" -> result(id, list(caller));
            case "tools/call" -> call(id, params, caller);
            default -> error(id, -32601, "method '" + method + "' is not supported; use initialize, ping, tools/list or tools/call");
        };
    }

    private JsonObject list(ToolCaller caller) {
        Set<String> disabled = settings.disabled();
        JsonArrayBuilder list = Jsonp.createArrayBuilder();
        for (Tool t : tools.all()) {
            if (!disabled.contains(t.name()) && caller.mayUse(t.name())) {
                list.add(Jsonp.createObjectBuilder().add("name", t.name()).add("description", t.description())
                        .add("inputSchema", t.inputSchema()));
            }
        }
        return Jsonp.createObjectBuilder().add("tools", list).build();
    }

    private JsonObject call(JsonValue id, JsonObject params, ToolCaller caller) {
        if (!(params.get("name") instanceof JsonString name)) {
            return error(id, -32602, "tools/call needs params.name");
        }
        JsonObject arguments = params.get("arguments") instanceof JsonObject a ? a : JsonValue.EMPTY_JSON_OBJECT;
        try { // an unknown name too goes through the invoker, which writes every call to the tool call log
            JsonValue value = invoker.invoke(name.getString(), arguments, caller);
            JsonObjectBuilder result = Jsonp.createObjectBuilder()
                    .add("content", Jsonp.createArrayBuilder().add(Jsonp.createObjectBuilder().add("type", "text").add("text", value.toString())))
                    .add("isError", false);
            if (value instanceof JsonObject structured) {
                result.add("structuredContent", structured);
            }
            return result(id, result.build());
        } catch (ToolException e) {
            if (e.code().equals("unknown_tool")) { // a protocol error in MCP, not a tool's result
                return error(id, -32602, "unknown tool '" + name.getString() + "'; tools/list lists them");
            }
            return result(id, Jsonp.createObjectBuilder()
                    .add("content", Jsonp.createArrayBuilder().add(Jsonp.createObjectBuilder().add("type", "text")
                            .add("text", ToolErrors.body(e).toString())))
                    .add("isError", true).build());
        }
    }

    private static JsonObject result(JsonValue id, JsonValue result) {
        return Jsonp.createObjectBuilder().add("jsonrpc", "2.0").add("id", id).add("result", result).build();
    }

    static JsonObject error(JsonValue id, int code, String message) {
        return Jsonp.createObjectBuilder().add("jsonrpc", "2.0").add("id", id == null ? JsonValue.NULL : id)
                .add("error", Jsonp.createObjectBuilder().add("code", code).add("message", message)).build();
    }
}
