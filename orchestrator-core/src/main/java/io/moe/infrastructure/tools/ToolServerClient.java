package io.moe.infrastructure.tools;

import io.moe.domain.pipeline.ToolResult;
import io.moe.domain.shared.Jsonp;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Calls the precision-tool server ({@code moe.tools.url}) with the orchestrator's service token
 * ({@code moe.tools.service-token}). Tool descriptions are fetched once and reused for ten minutes.
 */
@ApplicationScoped
public class ToolServerClient {

    private static final Logger LOG = Logger.getLogger(ToolServerClient.class.getName());
    private static final Duration DESCRIPTIONS_TTL = Duration.ofMinutes(10);
    /** A tool result longer than this is cut before it reaches a prompt. */
    static final int MAX_RESULT_CHARS = 4000;

    @Inject
    @ConfigProperty(name = "moe.tools.url", defaultValue = "http://127.0.0.1:8003")
    String url;

    @Inject
    @ConfigProperty(name = "moe.tools.service-token")
    Optional<String> token;

    @Inject
    @ConfigProperty(name = "moe.tools.timeout-seconds", defaultValue = "30")
    int timeoutSeconds;

    @Inject
    ToolServerHttp http;

    private volatile String descriptions;
    private volatile Instant descriptionsAt = Instant.EPOCH;

    /** One line per tool, {@code name(args): description}, for the planner prompt; "" when the server cannot be asked. */
    public String descriptions() {
        if (descriptions != null && descriptionsAt.plus(DESCRIPTIONS_TTL).isAfter(Instant.now())) {
            return descriptions;
        }
        try {
            HttpResponse<String> response = http.send(request("/tools").GET().build());
            if (response.statusCode() != 200) {
                return descriptions == null ? "" : descriptions;
            }
            StringBuilder lines = new StringBuilder();
            JsonObject body = Jsonp.readObject(response.body());
            JsonArray tools = body.getJsonArray("tools");
            for (JsonValue value : tools == null ? JsonValue.EMPTY_JSON_ARRAY : tools) {
                JsonObject tool = value.asJsonObject();
                if (!tool.getBoolean("enabled", true)) {
                    continue; // the planner is offered only what would run
                }
                JsonObject properties = tool.getJsonObject("input_schema") == null ? null
                        : tool.getJsonObject("input_schema").getJsonObject("properties");
                lines.append("- ").append(tool.getString("name", "?"))
                        .append(properties == null ? "" : "(" + String.join(", ", properties.keySet()) + ")")
                        .append(": ").append(tool.getString("description", "")).append('\n');
            }
            descriptions = lines.toString();
            descriptionsAt = Instant.now();
            return descriptions;
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "tool descriptions unavailable", e);
            return descriptions == null ? "" : descriptions;
        }
    }

    /** The names of the tool server's tools, for pickers; empty when the server cannot be asked. */
    public List<String> toolNames() {
        return catalog().stream().map(ToolDescription::name).sorted().toList();
    }

    /** A tool as GET /tools describes it: name, description, whether it is enabled, and its arguments' JSON Schema. */
    public record ToolDescription(String name, String description, boolean enabled, JsonObject inputSchema) {
    }

    /** Every tool of the tool server, in its order; empty when the server cannot be asked. */
    public List<ToolDescription> catalog() {
        try {
            HttpResponse<String> response = http.send(request("/tools").GET().timeout(Duration.ofSeconds(5)).build());
            if (response.statusCode() != 200) {
                return List.of();
            }
            JsonArray tools = Jsonp.readObject(response.body()).getJsonArray("tools");
            return tools == null ? List.of() : tools.getValuesAs(JsonObject.class).stream()
                    .map(t -> new ToolDescription(t.getString("name", ""), t.getString("description", ""), t.getBoolean("enabled", true),
                            t.containsKey("input_schema") && t.get("input_schema") instanceof JsonObject schema ? schema : JsonValue.EMPTY_JSON_OBJECT))
                    .filter(t -> !t.name().isEmpty()).toList();
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "tool catalog unavailable", e);
            return List.of();
        }
    }

    /** Invokes {@code tool}; a refusal or an unreachable server is a failed result with the reason, never an exception. */
    public ToolResult invoke(String tool, JsonObject args) {
        return invoke(tool, args, null);
    }

    /**
     * Invokes {@code tool} for an admin's tool evaluation: the call log of the tool server names {@code admin}
     * (null: the orchestrator itself).
     */
    public ToolResult invoke(String tool, JsonObject args, String admin) {
        String body = Jsonp.createObjectBuilder().add("tool", tool).add("args", args).build().toString();
        try {
            HttpRequest.Builder builder = request("/invoke").header("Content-Type", "application/json");
            if (admin != null) {
                builder.header("X-Moe-On-Behalf-Of", admin);
            }
            HttpResponse<String> response = http.send(builder.POST(HttpRequest.BodyPublishers.ofString(body)).build());
            JsonObject json = Jsonp.readObject(response.body());
            if (response.statusCode() == 200) {
                return new ToolResult(tool, args, true, cap(json.get("result").toString()));
            }
            JsonObject error = json.getJsonObject("error");
            return new ToolResult(tool, args, false, error == null ? "HTTP " + response.statusCode()
                    : error.getString("error_code", "error") + ": " + error.getString("message", ""));
        } catch (RuntimeException e) {
            // the address and the client's message stay in the log: the result reaches answers and user-readable traces
            LOG.log(Level.WARNING, "tool server at " + url + " could not be reached for " + tool, e);
            return new ToolResult(tool, args, false, "the tool server could not be reached; the server log has the details");
        }
    }

    private HttpRequest.Builder request(String path) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(url.replaceAll("/+$", "") + path))
                .timeout(Duration.ofSeconds(timeoutSeconds)).header("Accept", "application/json");
        token.filter(t -> !t.isBlank()).ifPresent(t -> builder.header("Authorization", "Bearer " + t));
        return builder;
    }

    private static String cap(String text) {
        return text.length() > MAX_RESULT_CHARS ? text.substring(0, MAX_RESULT_CHARS) + "…" : text;
    }
}
