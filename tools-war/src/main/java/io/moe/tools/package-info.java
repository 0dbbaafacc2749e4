/**
 * The precision tools: deterministic functions with typed, named arguments. Each tool states its
 * arguments as a JSON Schema (the planner prompt and MCP clients are built from it) and refuses bad
 * input with a {@link io.moe.tools.ToolException} naming the argument and the accepted form.
 */
package io.moe.tools;
