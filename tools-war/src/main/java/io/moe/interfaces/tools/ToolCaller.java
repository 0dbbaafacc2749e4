package io.moe.interfaces.tools;

import io.moe.domain.identity.Caller;
import io.moe.domain.identity.ResourceType;

/**
 * Who calls a tool: the orchestrator with its service credential (all tools), or a user's API key
 * (admins: all tools; others: the tools their mcp_tool permissions name).
 */
public record ToolCaller(Caller user) {

    static final String PROPERTY = "moe.tool-caller";

    public static ToolCaller service() {
        return new ToolCaller(null);
    }

    public boolean isService() {
        return user == null;
    }

    public boolean isAdmin() {
        return user != null && user.admin();
    }

    public boolean mayUse(String tool) {
        return user == null || user.mayUse(ResourceType.MCP_TOOL, tool);
    }

    /** How the call log names this caller: the username, or {@code orchestrator} for the service credential. */
    public String label() {
        return user == null ? "orchestrator" : user.username();
    }

    public String userId() {
        return user == null ? null : user.userId();
    }
}
