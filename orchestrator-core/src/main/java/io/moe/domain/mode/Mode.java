package io.moe.domain.mode;

import java.util.Arrays;
import java.util.Optional;

/** The eight modes of the spec, each addressed by its model id. */
public enum Mode {
    DEFAULT("moe-orchestrator", "default"),
    CODE("moe-orchestrator-code", "code"),
    CONCISE("moe-orchestrator-concise", "concise"),
    AGENT("moe-orchestrator-agent", "agent"),
    AGENT_ORCHESTRATED("moe-orchestrator-agent-orchestrated", "agent_orchestrated"),
    RESEARCH("moe-orchestrator-research", "research"),
    REPORT("moe-orchestrator-report", "report"),
    PLAN("moe-orchestrator-plan", "plan");

    private final String modelId;
    private final String modeName;

    Mode(String modelId, String modeName) {
        this.modelId = modelId;
        this.modeName = modeName;
    }

    /** The model id clients send, e.g. {@code moe-orchestrator-code}. */
    public String modelId() {
        return modelId;
    }

    /** The mode name used in usage logs and metrics, e.g. {@code code}. */
    public String modeName() {
        return modeName;
    }

    /**
     * The moe_mode a user needs a grant for: the reasoning-heavy modes (forced thinking step, several
     * research rounds, reports, plans) are moe_reasoning; the others moe_orchestrated.
     */
    public String routing() {
        return switch (this) {
            case AGENT_ORCHESTRATED, RESEARCH, REPORT, PLAN -> "moe_reasoning";
            default -> "moe_orchestrated";
        };
    }

    public static Optional<Mode> fromModelId(String modelId) {
        return Arrays.stream(values()).filter(m -> m.modelId.equals(modelId)).findFirst();
    }
}
