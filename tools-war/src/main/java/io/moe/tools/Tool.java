package io.moe.tools;

import jakarta.json.JsonObject;
import jakarta.json.JsonValue;

/** One deterministic tool: same arguments, same result. */
public interface Tool {

    /** The name clients call it by, e.g. {@code hash_text}. */
    String name();

    /** One sentence for planner prompts and MCP clients. */
    String description();

    /** JSON Schema of the arguments object. */
    JsonObject inputSchema();

    /** Runs the tool; bad arguments raise {@link ToolException}. */
    JsonValue invoke(ToolArgs args);
}
