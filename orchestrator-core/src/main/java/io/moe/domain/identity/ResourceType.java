package io.moe.domain.identity;

import java.util.Arrays;
import java.util.Optional;

/** The kinds of resource a permission can grant, with the wire names of the spec. */
public enum ResourceType {
    EXPERT_TEMPLATE("expert_template"),
    CC_PROFILE("cc_profile"),
    MODEL_ENDPOINT("model_endpoint"),
    SKILL("skill"),
    MCP_TOOL("mcp_tool"),
    MOE_MODE("moe_mode");

    private final String wireName;

    ResourceType(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }

    public static Optional<ResourceType> fromWireName(String name) {
        return Arrays.stream(values()).filter(t -> t.wireName.equals(name)).findFirst();
    }
}
