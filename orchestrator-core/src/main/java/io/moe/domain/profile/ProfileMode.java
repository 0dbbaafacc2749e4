package io.moe.domain.profile;

import io.moe.domain.mode.Mode;

import java.util.Arrays;
import java.util.Optional;

/**
 * How a profile answers (spec: cc_profile moe_mode): {@code native} straight to the tool model; the others
 * through the pipeline in the mode named here ({@code moe_reasoning} adds the thinking step and shows it).
 */
public enum ProfileMode {
    NATIVE("native", null),
    MOE_REASONING("moe_reasoning", Mode.AGENT_ORCHESTRATED),
    MOE_ORCHESTRATED("moe_orchestrated", Mode.AGENT),
    AGENT_ORCHESTRATED("agent_orchestrated", Mode.AGENT_ORCHESTRATED),
    AGENT("agent", Mode.AGENT),
    DEFAULT("default", Mode.DEFAULT);

    private final String wireName;
    private final Mode pipelineMode;

    ProfileMode(String wireName, Mode pipelineMode) {
        this.wireName = wireName;
        this.pipelineMode = pipelineMode;
    }

    public String wireName() {
        return wireName;
    }

    /** The pipeline mode this profile mode runs in; null for {@link #NATIVE}. */
    public Mode pipelineMode() {
        return pipelineMode;
    }

    /** Whether the thinking step's output is shown as a thinking block before the answer. */
    public boolean showsReasoning() {
        return this == MOE_REASONING;
    }

    public static Optional<ProfileMode> fromWireName(String name) {
        return Arrays.stream(values()).filter(m -> m.wireName.equals(name)).findFirst();
    }
}
