package io.moe.application.pipeline.trace;

import jakarta.json.JsonObject;

/**
 * One precision-tool call (or a skipped one) as the trace shows it. {@code stage} is "math" for the
 * symbolic-math step and null for a planned tool task; {@code skipped} says why a planned tool did not run.
 */
public record ToolEntry(String tool, JsonObject args, boolean ok, String result, String skipped, String stage) {

    public static ToolEntry ran(String tool, JsonObject args, boolean ok, String result) {
        return new ToolEntry(tool, args, ok, result, null, null);
    }

    public static ToolEntry skipped(String tool, JsonObject args, String why) {
        return new ToolEntry(tool, args, false, null, why, null);
    }

    public ToolEntry inStage(String name) {
        return new ToolEntry(tool, args, ok, result, skipped, name);
    }
}
