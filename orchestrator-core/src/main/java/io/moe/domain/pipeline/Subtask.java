package io.moe.domain.pipeline;

import io.moe.domain.shared.Jsonp;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;

/**
 * One planned subtask: what to do, which category does it, and for research or precision-tool tasks the
 * search query or the tool with its arguments.
 */
public record Subtask(String task, String category, String searchQuery, String mcpTool, JsonObject mcpArgs) {

    public Subtask {
        mcpArgs = mcpArgs == null ? JsonObject.EMPTY_JSON_OBJECT : mcpArgs;
    }

    public static Subtask of(String task, String category) {
        return new Subtask(task, category, null, null, null);
    }

    public Subtask withCategory(String other) {
        return new Subtask(task, other, searchQuery, mcpTool, mcpArgs);
    }

    public JsonObject toJson() {
        JsonObjectBuilder o = Jsonp.createObjectBuilder().add("task", task).add("category", category);
        if (searchQuery != null) {
            o.add("search_query", searchQuery);
        }
        if (mcpTool != null) {
            o.add("mcp_tool", mcpTool).add("mcp_args", mcpArgs);
        }
        return o.build();
    }
}
