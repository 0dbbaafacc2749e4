package io.moe.domain.profile;

import io.moe.domain.shared.Jsonp;
import io.moe.domain.template.ModelRef;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;

import java.util.List;
import java.util.Optional;

/**
 * A coding-client profile as the import/export item of the spec: the model ids it accepts, the tool model
 * and its server, how it answers, and the limits and prompt prefix it applies. {@code expertTemplate} (not in
 * the spec's item, optional) names the expert template its pipeline modes run with; null means the default one.
 * {@code reasoningModel}, when set, thinks for its pipeline modes instead of the template's reasoning model.
 */
public record CcProfile(String name, List<String> acceptedModels, String toolModel, String toolEndpoint, ProfileMode mode,
                        String toolChoice, int toolMaxTokens, int reasoningMaxTokens, String systemPromptPrefix,
                        boolean streamThink, String reasoningModel, String expertTemplate) {

    public static final String TOOL_CHOICE_AUTO = "auto";
    public static final String TOOL_CHOICE_REQUIRED = "required";
    public static final int DEFAULT_TOOL_MAX_TOKENS = 8192;
    public static final int DEFAULT_REASONING_MAX_TOKENS = 16384;

    public CcProfile {
        acceptedModels = List.copyOf(acceptedModels);
    }

    /** The tool model on its server, as a model reference. */
    public ModelRef toolModelRef() {
        return new ModelRef(toolModel, toolEndpoint);
    }

    /**
     * The model of the extended thinking (the pipeline's thinking step and reasoning experts), when the profile names
     * one: {@code <model>@<server>}, or a model on the tool model's server.
     */
    public Optional<ModelRef> reasoningModelRef() {
        if (reasoningModel == null) {
            return Optional.empty();
        }
        return Optional.of(reasoningModel.contains("@") ? ModelRef.parse(reasoningModel) : new ModelRef(reasoningModel, toolEndpoint));
    }

    public boolean accepts(String modelId) {
        return acceptedModels.contains(modelId);
    }

    /** The canonical import/export item. */
    public JsonObject toJson() {
        JsonArrayBuilder models = Jsonp.createArrayBuilder();
        acceptedModels.forEach(models::add);
        JsonObjectBuilder o = Jsonp.createObjectBuilder().add("name", name).add("accepted_models", models)
                .add("tool_model", toolModel).add("tool_endpoint", toolEndpoint).add("moe_mode", mode.wireName())
                .add("tool_choice", toolChoice).add("tool_max_tokens", toolMaxTokens)
                .add("reasoning_max_tokens", reasoningMaxTokens).add("stream_think", streamThink);
        if (systemPromptPrefix == null) {
            o.addNull("system_prompt_prefix");
        } else {
            o.add("system_prompt_prefix", systemPromptPrefix);
        }
        if (reasoningModel != null) {
            o.add("reasoning_model", reasoningModel);
        }
        if (expertTemplate != null) {
            o.add("expert_template", expertTemplate);
        }
        return o.build();
    }
}
