package io.moe.interfaces.admin;

import io.moe.application.tools.ToolAdministration;
import io.moe.application.tools.ToolCall;
import io.moe.domain.shared.Jsonp;
import io.moe.domain.shared.Refusal;
import io.moe.infrastructure.faces.PageMessages;
import io.moe.infrastructure.faces.PerView;
import io.moe.infrastructure.tools.ToolServerClient.ToolDescription;
import jakarta.faces.context.FacesContext;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import jakarta.json.JsonObject;
import jakarta.json.stream.JsonGenerator;
import jakarta.servlet.http.HttpServletRequest;

import java.io.Serializable;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Backing bean of {@code /mcp-tools}: the tool server's tools with descriptions and argument schemas,
 * switching one off or on, and the recent calls (who, tool, time, result or error), all through
 * {@link ToolAdministration}.
 */
@Named
@PerView
public class McpToolsPage implements Serializable {

    private static final long serialVersionUID = 1L;
    static final int RECENT = 100;

    @Inject
    ToolAdministration tools;

    private transient List<ToolDescription> all;
    private transient List<ToolCall> recent;

    public List<ToolDescription> getTools() {
        if (all == null) {
            all = new ArrayList<>(tools.tools()); // a table sorts the list it shows in place
        }
        return all;
    }

    public List<ToolCall> getRecentCalls() {
        if (recent == null) {
            recent = new ArrayList<>(tools.recentCalls(RECENT));
        }
        return recent;
    }

    public void toggle(ToolDescription tool) {
        boolean enable = !tool.enabled();
        try {
            tools.setEnabled(tool.name(), enable, adminId());
            PageMessages.done("Tool " + tool.name() + (enable ? " enabled" : " disabled"));
        } catch (Refusal e) {
            PageMessages.refused("Not changed", e, Map.of());
        }
        all = null;
    }

    public void refresh() {
        all = null;
        recent = null;
    }

    private static final java.time.format.DateTimeFormatter TIME =
            java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(java.time.ZoneOffset.UTC);

    public String timeOf(ToolCall call) {
        return TIME.format(call.at());
    }

    /** The schema's argument names, for the list. */
    public String argumentsOf(ToolDescription tool) {
        JsonObject properties = tool.inputSchema().getJsonObject("properties");
        return properties == null ? "" : String.join(", ", properties.keySet());
    }

    public String schemaOf(ToolDescription tool) {
        return pretty(tool.inputSchema());
    }

    static String pretty(jakarta.json.JsonValue value) {
        StringWriter out = new StringWriter();
        try (var writer = Jsonp.createWriterFactory(Map.of(JsonGenerator.PRETTY_PRINTING, true)).createWriter(out)) {
            writer.write(value);
        }
        return out.toString().strip();
    }

    static String adminId() {
        HttpServletRequest request = (HttpServletRequest) FacesContext.getCurrentInstance().getExternalContext().getRequest();
        return AdminSession.userId(request).orElse(null);
    }
}
