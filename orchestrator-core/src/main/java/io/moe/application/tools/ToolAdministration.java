package io.moe.application.tools;

import io.moe.domain.shared.Refusal;
import io.moe.infrastructure.tools.ToolServerClient;
import io.moe.infrastructure.tools.ToolServerClient.ToolDescription;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.List;

/**
 * What the admin's {@code /mcp-tools} page does with the tool server: its tools (as its GET /tools describes
 * them), switching one off or on (the same {@link ToolSettingStore} that the tool server's
 * {@code PUT /tools/{name}} writes and its {@code /invoke} reads on every call), and the recent calls.
 */
@ApplicationScoped
public class ToolAdministration {

    /** Most calls a page shows at once. */
    public static final int MAX_RECENT = 200;

    @Inject
    ToolServerClient server;

    @Inject
    ToolSettingStore settings;

    @Inject
    ToolCallLog calls;

    /** A refused switch: an unknown tool, or a tool server that cannot be asked which tools exist. */
    public static class ToolRefusedException extends Refusal {
        private static final long serialVersionUID = 1L;

        ToolRefusedException(Kind kind, String code, String message) {
            super(kind, code, "tool", message);
        }
    }

    public List<ToolDescription> tools() {
        return server.catalog();
    }

    public void setEnabled(String tool, boolean enabled, String adminUserId) {
        List<ToolDescription> known = server.catalog();
        if (known.isEmpty()) {
            throw new ToolRefusedException(Refusal.Kind.UNAVAILABLE, "tool_server_unavailable",
                    "the tool server does not answer GET /tools (moe.tools.url); try again when it is up");
        }
        if (known.stream().noneMatch(t -> t.name().equals(tool))) {
            throw new ToolRefusedException(Refusal.Kind.NOT_FOUND, "unknown_tool", "there is no tool '" + tool + "'");
        }
        settings.setEnabled(tool, enabled, adminUserId);
    }

    public List<ToolCall> recentCalls(int n) {
        return calls.recent(Math.min(n, MAX_RECENT));
    }
}
