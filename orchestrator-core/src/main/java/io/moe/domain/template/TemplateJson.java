package io.moe.domain.template;

import io.moe.domain.shared.Jsonp;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;

import java.util.Map;

/**
 * Writes a template as its canonical item: every field present, defaults spelled out, so that what is
 * stored, listed and exported reads back as the same template. Each model also carries {@code required}
 * (true for role {@code always}), so the original system can read an export too.
 */
final class TemplateJson {

    private TemplateJson() {
    }

    static JsonObject write(ExpertTemplate t) {
        JsonObjectBuilder experts = Jsonp.createObjectBuilder();
        t.experts().forEach((category, config) -> experts.add(category, expert(config)));
        TemplateLimits limits = t.limits();
        return Jsonp.createObjectBuilder().add("name", t.name()).add("description", t.description())
                .add("planner_model", orNull(t.plannerModel())).add("planner_prompt", orNull(t.plannerPrompt()))
                .add("judge_model", orNull(t.judgeModel())).add("judge_prompt", orNull(t.judgePrompt()))
                .add("tool_model", orNull(t.toolModel()))
                .add("experts", experts)
                .add("cost_factor", t.costFactor())
                .add("enable_cache", t.enableCache()).add("enable_graphrag", t.enableGraphrag())
                .add("enable_web_research", t.enableWebResearch()).add("force_think", t.forceThink())
                .add("force_ensemble", t.forceEnsemble()).add("max_agentic_rounds", t.maxAgenticRounds())
                .add("history_max_turns", limits.historyMaxTurns().isPresent() ? Jsonp.createValue(limits.historyMaxTurns().getAsInt()) : JsonValue.NULL)
                .add("history_max_chars", limits.historyMaxChars().isPresent() ? Jsonp.createValue(limits.historyMaxChars().getAsInt()) : JsonValue.NULL)
                .add("max_tokens", perRole(limits.maxTokens()))
                .add("timeout_seconds", perRole(timeoutSeconds(limits)))
                .build();
    }

    private static JsonObject expert(ExpertConfig config) {
        JsonArrayBuilder models = Jsonp.createArrayBuilder();
        for (ExpertModel m : config.models()) {
            JsonObjectBuilder model = Jsonp.createObjectBuilder().add("model", m.model()).add("endpoint", m.endpoint())
                    .add("role", m.role().wireName());
            m.tierOverride().ifPresent(tier -> model.add("tier", tier));
            models.add(model.add("required", m.required()));
        }
        return Jsonp.createObjectBuilder().add("system_prompt", orNull(config.systemPrompt())).add("models", models).build();
    }

    private static Map<StageRole, Integer> timeoutSeconds(TemplateLimits limits) {
        Map<StageRole, Integer> seconds = new java.util.EnumMap<>(StageRole.class);
        limits.timeouts().forEach((role, d) -> seconds.put(role, (int) d.toSeconds()));
        return seconds;
    }

    private static JsonObject perRole(Map<StageRole, Integer> values) {
        JsonObjectBuilder o = Jsonp.createObjectBuilder();
        values.forEach((role, n) -> o.add(role.wireName(), n));
        return o.build();
    }

    private static JsonValue orNull(Object value) {
        return value == null ? JsonValue.NULL : Jsonp.createValue(value.toString());
    }
}
