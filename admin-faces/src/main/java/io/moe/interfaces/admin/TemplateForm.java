package io.moe.interfaces.admin;

import io.moe.domain.shared.Jsonp;
import io.moe.domain.template.ExpertConfig;
import io.moe.domain.template.ExpertModel;
import io.moe.domain.template.ExpertTemplate;
import io.moe.domain.template.ModelRef;
import io.moe.domain.template.StageRole;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObjectBuilder;

import java.io.Serializable;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the template editor of {@code /templates} holds while a person edits: the template's fields as they
 * were typed. It checks nothing of the template's rules: {@link #toJson} writes the item exactly as typed
 * (blank is absent) and {@code TemplateAdministration} checks it, naming the field's path, which
 * {@link #hasField} maps back to the form.
 */
public class TemplateForm implements Serializable {

    private static final long serialVersionUID = 1L;
    /** Bounds of the form itself, matching the schema's (64 categories, 16 models each). */
    static final int MAX_CATEGORIES = 64;
    static final int MAX_MODELS = 16;

    /** One model of a category: model name, server, role and an optional tier override. */
    public static class ModelRow implements Serializable {
        private static final long serialVersionUID = 1L;
        private String model;
        private String endpoint;
        private String role = "primary";
        private Integer tier;

        public String getModel() { return model; }
        public void setModel(String model) { this.model = model; }
        public String getEndpoint() { return endpoint; }
        public void setEndpoint(String endpoint) { this.endpoint = endpoint; }
        public String getRole() { return role; }
        public void setRole(String role) { this.role = role; }
        public Integer getTier() { return tier; }
        public void setTier(Integer tier) { this.tier = tier; }
    }

    /** One expert category: its id, its system prompt (blank = built-in) and its models. */
    public static class Category implements Serializable {
        private static final long serialVersionUID = 1L;
        private String name;
        private String systemPrompt;
        private final List<ModelRow> models = new ArrayList<>();

        public String getName() { return name; }
        public void setName(String name) { this.name = name; }
        public String getSystemPrompt() { return systemPrompt; }
        public void setSystemPrompt(String systemPrompt) { this.systemPrompt = systemPrompt; }
        public List<ModelRow> getModels() { return models; }
    }

    private String name;
    private String description;
    private String plannerModel;
    private String plannerPrompt;
    private String judgeModel;
    private String judgePrompt;
    private String toolModel;
    private BigDecimal costFactor = BigDecimal.ONE;
    private boolean enableCache = true;
    private boolean enableGraphrag = true;
    private boolean enableWebResearch = true;
    private boolean forceThink;
    private boolean forceEnsemble;
    private Integer maxAgenticRounds = 0;
    private Integer historyMaxTurns;
    private Integer historyMaxChars;
    /** Per call role (planner, expert, judge, as the schema spells them); a missing value is the service's setting. */
    private final Map<String, Integer> maxTokens = new LinkedHashMap<>();
    private final Map<String, Integer> timeoutSeconds = new LinkedHashMap<>();
    private final List<Category> categories = new ArrayList<>();

    /** A new template: one category {@code general} with one empty model row. */
    static TemplateForm blank() {
        TemplateForm form = new TemplateForm();
        Category general = new Category();
        general.setName("general");
        general.models.add(new ModelRow());
        form.categories.add(general);
        return form;
    }

    /** The form showing {@code t} as stored. */
    static TemplateForm of(ExpertTemplate t) {
        TemplateForm form = new TemplateForm();
        form.name = t.name();
        form.description = t.description();
        form.plannerModel = text(t.plannerModel());
        form.plannerPrompt = t.plannerPrompt();
        form.judgeModel = text(t.judgeModel());
        form.judgePrompt = t.judgePrompt();
        form.toolModel = text(t.toolModel());
        form.costFactor = BigDecimal.valueOf(t.costFactor());
        form.enableCache = t.enableCache();
        form.enableGraphrag = t.enableGraphrag();
        form.enableWebResearch = t.enableWebResearch();
        form.forceThink = t.forceThink();
        form.forceEnsemble = t.forceEnsemble();
        form.maxAgenticRounds = t.maxAgenticRounds();
        form.historyMaxTurns = t.historyMaxTurns().isPresent() ? t.historyMaxTurns().getAsInt() : null;
        form.historyMaxChars = t.historyMaxChars().isPresent() ? t.historyMaxChars().getAsInt() : null;
        t.limits().maxTokens().forEach((role, n) -> form.maxTokens.put(role.wireName(), n));
        t.limits().timeouts().forEach((role, d) -> form.timeoutSeconds.put(role.wireName(), (int) d.toSeconds()));
        t.experts().forEach((id, config) -> form.categories.add(category(id, config)));
        return form;
    }

    private static Category category(String id, ExpertConfig config) {
        Category c = new Category();
        c.name = id;
        c.systemPrompt = config.systemPrompt();
        for (ExpertModel m : config.models()) {
            ModelRow row = new ModelRow();
            row.model = m.model();
            row.endpoint = m.endpoint();
            row.role = m.role().wireName();
            row.tier = m.tierOverride().isPresent() ? m.tierOverride().getAsInt() : null;
            c.models.add(row);
        }
        return c;
    }

    /** The template item as typed; a blank field is left out, so the schema's default or refusal applies. */
    String toJson() {
        JsonObjectBuilder item = Jsonp.createObjectBuilder();
        put(item, "name", name);
        put(item, "description", description);
        put(item, "planner_model", plannerModel);
        put(item, "planner_prompt", plannerPrompt);
        put(item, "judge_model", judgeModel);
        put(item, "judge_prompt", judgePrompt);
        put(item, "tool_model", toolModel);
        if (costFactor != null) {
            item.add("cost_factor", costFactor);
        }
        item.add("enable_cache", enableCache).add("enable_graphrag", enableGraphrag)
                .add("enable_web_research", enableWebResearch).add("force_think", forceThink).add("force_ensemble", forceEnsemble);
        put(item, "max_agentic_rounds", maxAgenticRounds);
        put(item, "history_max_turns", historyMaxTurns);
        put(item, "history_max_chars", historyMaxChars);
        item.add("max_tokens", perRole(maxTokens)).add("timeout_seconds", perRole(timeoutSeconds));
        JsonObjectBuilder experts = Jsonp.createObjectBuilder();
        for (Category c : categories) {
            JsonArrayBuilder models = Jsonp.createArrayBuilder();
            for (ModelRow m : c.models) {
                JsonObjectBuilder model = Jsonp.createObjectBuilder();
                put(model, "model", m.model);
                put(model, "endpoint", m.endpoint);
                put(model, "role", m.role);
                put(model, "tier", m.tier);
                models.add(model);
            }
            JsonObjectBuilder config = Jsonp.createObjectBuilder().add("models", models);
            put(config, "system_prompt", c.systemPrompt);
            experts.add(c.name == null ? "" : c.name.strip(), config);
        }
        return item.add("experts", experts).build().toString();
    }

    /** The path of the first category whose id repeats an earlier one, or null. */
    String repeatedCategory() {
        List<String> seen = new ArrayList<>();
        for (int i = 0; i < categories.size(); i++) {
            String id = categories.get(i).name == null ? "" : categories.get(i).name.strip();
            if (seen.contains(id)) {
                return "experts." + id;
            }
            seen.add(id);
        }
        return null;
    }

    /** Whether the form has a field for the schema path {@code path} (so a refusal can be shown beside it). */
    boolean hasField(String path) {
        if (path == null) {
            return false;
        }
        if (List.of("name", "description", "planner_model", "planner_prompt", "judge_model", "judge_prompt", "tool_model",
                "cost_factor", "max_agentic_rounds", "history_max_turns", "history_max_chars").contains(path)) {
            return true;
        }
        for (StageRole role : StageRole.values()) {
            if (path.equals("max_tokens." + role.wireName()) || path.equals("timeout_seconds." + role.wireName())) {
                return true;
            }
        }
        return path.startsWith("experts.");
    }

    private static void put(JsonObjectBuilder o, String key, String value) {
        if (value != null && !value.isBlank()) {
            o.add(key, value);
        }
    }

    private static void put(JsonObjectBuilder o, String key, Integer value) {
        if (value != null) {
            o.add(key, value);
        }
    }

    private static JsonObjectBuilder perRole(Map<String, Integer> values) {
        JsonObjectBuilder o = Jsonp.createObjectBuilder();
        for (StageRole role : StageRole.values()) {
            put(o, role.wireName(), values.get(role.wireName()));
        }
        return o;
    }

    private static String text(ModelRef ref) {
        return ref == null ? null : ref.toString();
    }

    public List<Category> getCategories() { return categories; }
    public Map<String, Integer> getMaxTokens() { return maxTokens; }
    public Map<String, Integer> getTimeoutSeconds() { return timeoutSeconds; }
    public String getName() { return name; }
    public void setName(String name) { this.name = name; }
    public String getDescription() { return description; }
    public void setDescription(String description) { this.description = description; }
    public String getPlannerModel() { return plannerModel; }
    public void setPlannerModel(String plannerModel) { this.plannerModel = plannerModel; }
    public String getPlannerPrompt() { return plannerPrompt; }
    public void setPlannerPrompt(String plannerPrompt) { this.plannerPrompt = plannerPrompt; }
    public String getJudgeModel() { return judgeModel; }
    public void setJudgeModel(String judgeModel) { this.judgeModel = judgeModel; }
    public String getJudgePrompt() { return judgePrompt; }
    public void setJudgePrompt(String judgePrompt) { this.judgePrompt = judgePrompt; }
    public String getToolModel() { return toolModel; }
    public void setToolModel(String toolModel) { this.toolModel = toolModel; }
    public BigDecimal getCostFactor() { return costFactor; }
    public void setCostFactor(BigDecimal costFactor) { this.costFactor = costFactor; }
    public boolean isEnableCache() { return enableCache; }
    public void setEnableCache(boolean enableCache) { this.enableCache = enableCache; }
    public boolean isEnableGraphrag() { return enableGraphrag; }
    public void setEnableGraphrag(boolean enableGraphrag) { this.enableGraphrag = enableGraphrag; }
    public boolean isEnableWebResearch() { return enableWebResearch; }
    public void setEnableWebResearch(boolean enableWebResearch) { this.enableWebResearch = enableWebResearch; }
    public boolean isForceThink() { return forceThink; }
    public void setForceThink(boolean forceThink) { this.forceThink = forceThink; }
    public boolean isForceEnsemble() { return forceEnsemble; }
    public void setForceEnsemble(boolean forceEnsemble) { this.forceEnsemble = forceEnsemble; }
    public Integer getMaxAgenticRounds() { return maxAgenticRounds; }
    public void setMaxAgenticRounds(Integer maxAgenticRounds) { this.maxAgenticRounds = maxAgenticRounds; }
    public Integer getHistoryMaxTurns() { return historyMaxTurns; }
    public void setHistoryMaxTurns(Integer historyMaxTurns) { this.historyMaxTurns = historyMaxTurns; }
    public Integer getHistoryMaxChars() { return historyMaxChars; }
    public void setHistoryMaxChars(Integer historyMaxChars) { this.historyMaxChars = historyMaxChars; }
}
