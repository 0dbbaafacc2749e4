package io.moe.domain.template;

import io.moe.domain.pipeline.Category;
import io.moe.domain.shared.Jsonp;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * An expert template: planner, judge, experts per category (each model with its role and tier) and the
 * template-level switches and limits. {@link #parse} checks an item against the schema documented in the
 * README ("Expert templates") and refuses it naming the field; {@link #toJson} writes the canonical item.
 * Which servers exist is not the template's business: {@link #serverMentions} lists what a caller checks.
 */
public record ExpertTemplate(String name, String description, ModelRef plannerModel, String plannerPrompt,
                             ModelRef judgeModel, String judgePrompt, Map<String, ExpertConfig> experts,
                             double costFactor, boolean forceThink, boolean enableGraphrag,
                             boolean enableWebResearch, int maxAgenticRounds,
                             boolean forceEnsemble, boolean enableCache, TemplateLimits limits,
                             ModelRef toolModel) {

    /** The longest template name. */
    public static final int MAX_NAME = 100;

    /** A model reference of the template and the path of the field it is written in. */
    /** A model the template names, with the field naming it; {@link #server} is the model's inference server. */
    public record ServerMention(String field, ModelRef model) {

        public String server() {
            return model.endpoint();
        }
    }

    public ExpertTemplate {
        experts = Collections.unmodifiableMap(new LinkedHashMap<>(experts));
        Objects.requireNonNull(limits, "limits");
    }

    /** The expert configuration of {@code category}, if the template serves it. */
    public Optional<ExpertConfig> expert(String category) {
        return Optional.ofNullable(experts.get(category));
    }

    /**
     * This template with {@code model} as its reasoning model: it alone serves the {@code reasoning} category (which the
     * thinking step asks first), in the tier its size implies, under the category's system prompt.
     */
    public ExpertTemplate withReasoningModel(ModelRef model) {
        Map<String, ExpertConfig> changed = new LinkedHashMap<>(experts);
        String prompt = expert(Category.REASONING).map(ExpertConfig::systemPrompt).orElse(null);
        changed.put(Category.REASONING, new ExpertConfig(prompt, List.of(new ExpertModel(model.model(),
                model.endpoint(), ExpertRole.bySize(model), OptionalInt.empty()))));
        return new ExpertTemplate(name, description, plannerModel, plannerPrompt, judgeModel, judgePrompt, changed, costFactor,
                forceThink, enableGraphrag, enableWebResearch, maxAgenticRounds, forceEnsemble, enableCache, limits, toolModel);
    }

    /** The template's {@code max_tokens} for calls of {@code role}; empty means the service's setting. */
    public OptionalInt maxTokens(StageRole role) {
        Integer n = limits.maxTokens().get(role);
        return n == null ? OptionalInt.empty() : OptionalInt.of(n);
    }

    /** How long one call of {@code role} may take; the planner's is 300 s unless set, the others default to the server's. */
    public Optional<Duration> timeout(StageRole role) {
        return Optional.ofNullable(limits.timeouts().get(role));
    }

    /** At most this many earlier turns of the conversation reach the models; empty = no template limit. */
    public OptionalInt historyMaxTurns() {
        return limits.historyMaxTurns();
    }

    /** At most this many characters of earlier turns reach the models; empty = no template limit. */
    public OptionalInt historyMaxChars() {
        return limits.historyMaxChars();
    }

    /** Every inference server the template names, with the field naming it (planner, judge, each expert model). */
    public List<ServerMention> serverMentions() {
        List<ServerMention> mentions = new ArrayList<>();
        if (plannerModel != null) {
            mentions.add(new ServerMention("planner_model", plannerModel));
        }
        if (judgeModel != null) {
            mentions.add(new ServerMention("judge_model", judgeModel));
        }
        if (toolModel != null) {
            mentions.add(new ServerMention("tool_model", toolModel));
        }
        experts.forEach((category, config) -> {
            for (int i = 0; i < config.models().size(); i++) {
                mentions.add(new ServerMention("experts." + category + ".models[" + i + "].endpoint",
                        new ModelRef(config.models().get(i).model(), config.models().get(i).endpoint())));
            }
        });
        return mentions;
    }

    /** The canonical item: every field, defaults spelled out. */
    public JsonObject toJson() {
        return TemplateJson.write(this);
    }

    /** Reads and checks a template item given as JSON text. */
    public static ExpertTemplate parse(String json) {
        JsonValue value;
        try {
            value = Jsonp.readValue(json);
        } catch (JsonException e) {
            throw new InvalidTemplateException("the template is not valid JSON: " + e.getMessage());
        }
        if (!(value instanceof JsonObject item)) {
            throw new InvalidTemplateException("the template must be a JSON object");
        }
        return fromJson(item);
    }

    /** Reads and checks a template item. */
    public static ExpertTemplate fromJson(JsonObject item) {
        return TemplateSchema.read(item);
    }
}
