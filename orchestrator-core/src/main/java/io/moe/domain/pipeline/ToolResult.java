package io.moe.domain.pipeline;

import jakarta.json.JsonObject;

/** The outcome of one precision-tool call: the tool, its arguments, and its result or error text. */
public record ToolResult(String tool, JsonObject args, boolean ok, String output) {
}
