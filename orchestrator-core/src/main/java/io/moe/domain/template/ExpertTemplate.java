package io.moe.domain.template;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.json.stream.JsonParsingException;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An expert template in the spec's import/export item shape: planner, judge, experts per category and
 * the template-level settings. Parsing rejects items that lack the required fields with a message
 * naming the field.
 */
public record ExpertTemplate(String name, String description, ModelRef plannerModel, String plannerPrompt,
                             ModelRef judgeModel, String judgePrompt, Map<String, ExpertConfig> experts,
                             double costFactor, boolean forceThink, boolean enableGraphrag,
                             boolean enableWebResearch, int maxAgenticRounds,
                             boolean forceEnsemble) {

    public ExpertTemplate {
        experts = Map.copyOf(experts);
    }

    /** The expert configuration of {@code category}, if the template serves it. */
    public Optional<ExpertConfig> expert(String category) {
        return Optional.ofNullable(experts.get(category));
    }

    public static ExpertTemplate parse(String json) {
        try {
            return fromJson(Json.createReader(new StringReader(json)).readObject());
        } catch (JsonParsingException | ClassCastException e) {
            throw new InvalidTemplateException("template is not a JSON object: " + e.getMessage());
        }
    }

    public static ExpertTemplate fromJson(JsonObject item) {
        String name = requiredString(item, "name");
        JsonObject experts = item.get("experts") instanceof JsonObject o ? o : null;
        if (experts == null) {
            throw new InvalidTemplateException("'experts' is required: an object mapping category ids to expert configs");
        }
        Map<String, ExpertConfig> configs = new LinkedHashMap<>();
        experts.forEach((category, value) -> configs.put(category, expertConfig(category, value)));
        return new ExpertTemplate(name, optionalString(item, "description", ""),
                optionalRef(item, "planner_model"), optionalString(item, "planner_prompt", null),
                optionalRef(item, "judge_model"), optionalString(item, "judge_prompt", null),
                configs, item.getJsonNumber("cost_factor") == null ? 1.0 : item.getJsonNumber("cost_factor").doubleValue(),
                item.getBoolean("force_think", false), item.getBoolean("enable_graphrag", true),
                item.getBoolean("enable_web_research", true),
                item.getJsonNumber("max_agentic_rounds") == null ? 0 : item.getJsonNumber("max_agentic_rounds").intValue(),
                item.getBoolean("force_ensemble", false));
    }

    private static ExpertConfig expertConfig(String category, JsonValue value) {
        if (!(value instanceof JsonObject config) || !(config.get("models") instanceof jakarta.json.JsonArray models)) {
            throw new InvalidTemplateException("experts." + category + ".models is required: an array of {model, endpoint, required}");
        }
        List<ExpertModel> list = new ArrayList<>();
        for (int i = 0; i < models.size(); i++) {
            if (!(models.get(i) instanceof JsonObject m)) {
                throw new InvalidTemplateException("experts." + category + ".models[" + i + "] must be an object");
            }
            String where = "experts." + category + ".models[" + i + "]";
            list.add(new ExpertModel(requiredString(m, "model", where), requiredString(m, "endpoint", where),
                    m.getBoolean("required", false)));
        }
        return new ExpertConfig(optionalString(config, "system_prompt", null), list);
    }

    private static ModelRef optionalRef(JsonObject item, String field) {
        String text = optionalString(item, field, null);
        try {
            return text == null ? null : ModelRef.parse(text);
        } catch (IllegalArgumentException e) {
            throw new InvalidTemplateException(field + ": " + e.getMessage());
        }
    }

    private static String requiredString(JsonObject o, String field) {
        return requiredString(o, field, null);
    }

    private static String requiredString(JsonObject o, String field, String where) {
        if (o.get(field) instanceof JsonString s && !s.getString().isBlank()) {
            return s.getString();
        }
        throw new InvalidTemplateException((where == null ? "" : where + ".") + field + " is required and must be a non-empty string");
    }

    private static String optionalString(JsonObject o, String field, String fallback) {
        return o.get(field) instanceof JsonString s ? s.getString() : fallback;
    }
}
