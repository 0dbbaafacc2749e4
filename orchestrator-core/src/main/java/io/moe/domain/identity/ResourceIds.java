package io.moe.domain.identity;

import io.moe.domain.template.ModelRef;

import java.util.Set;
import java.util.regex.Pattern;

/** The shape a permission's resource id must have for its type (spec: permission). */
public final class ResourceIds {

    /** The moe_mode grant of direct model calls (native pass-through, native own profiles), beside the model_endpoint grants. */
    public static final String NATIVE = "native";
    /** The moe_mode ids: routing modes, not the chat model ids. */
    public static final Set<String> MOE_MODES = Set.of(NATIVE, "moe_orchestrated", "moe_reasoning");
    private static final Pattern TEMPLATE = Pattern.compile("tmpl-[A-Za-z0-9_-]{1,64}");
    private static final Pattern PROFILE = Pattern.compile("profile-[A-Za-z0-9_-]{1,64}");
    /** A skill's name, which is also the id its grant names. */
    public static final Pattern SKILL = Pattern.compile("[a-z0-9][a-z0-9_.-]{0,63}");
    private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9_.-]{0,99}");

    private ResourceIds() {
    }

    /** Why {@code id} is not a valid resource id of {@code type}, or null when it is. */
    public static String problem(ResourceType type, String id) {
        if (id == null || id.isBlank()) {
            return "resource_id is required";
        }
        return switch (type) {
            case EXPERT_TEMPLATE -> TEMPLATE.matcher(id).matches() ? null : "an expert_template id looks like tmpl-<id>";
            case CC_PROFILE -> PROFILE.matcher(id).matches() ? null : "a cc_profile id looks like profile-<id>";
            case MODEL_ENDPOINT -> modelRefProblem(id);
            case MOE_MODE -> MOE_MODES.contains(id) ? null : "a moe_mode id is one of native, moe_orchestrated, moe_reasoning";
            case SKILL -> SKILL.matcher(id).matches() ? null
                    : "a skill id is the skill's name: up to 64 lower-case letters, digits, . _ -";
            case MCP_TOOL -> NAME.matcher(id).matches() ? null : "an mcp_tool id is a tool name such as hash_text";
        };
    }

    private static String modelRefProblem(String id) {
        if (!id.equals(id.trim())) { // the grant is matched as stored: " m@gpu1 " would never match a model
            return "a model_endpoint id has no blanks or control characters around it, e.g. qwen2.5:14b@gpu1";
        }
        try {
            ModelRef.parse(id);
            return null;
        } catch (IllegalArgumentException e) {
            return "a model_endpoint id looks like <model>:<tag>@<endpoint_name>, e.g. qwen2.5:14b@gpu1";
        }
    }
}
