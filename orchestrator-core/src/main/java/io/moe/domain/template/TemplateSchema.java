package io.moe.domain.template;

import io.moe.domain.shared.PlainText;
import io.moe.domain.shared.UnknownField;
import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Reads and checks one template item (README, "Expert templates"): every field has a type and every size
 * and count a bound, and the first violation is refused with {@link InvalidTemplateException} naming the
 * field's path. Items of the original system ({@code required} instead of {@code role}, empty strings for
 * unset models and prompts) are read as the same template.
 */
final class TemplateSchema {

    static final int MAX_NAME = ExpertTemplate.MAX_NAME;
    static final int MAX_DESCRIPTION = 2_000;
    static final int MAX_PROMPT = 20_000;
    static final int MAX_CATEGORIES = 64;
    static final int MAX_MODELS = 16;
    static final int MAX_MODEL_NAME = 200;
    static final double MAX_COST_FACTOR = 1_000;
    static final int MAX_AGENTIC_ROUNDS = 10;
    static final int MAX_HISTORY_TURNS = 1_000;
    static final int MAX_HISTORY_CHARS = 1_000_000;
    static final int MAX_TOKENS = 32_768;
    static final int MAX_TIMEOUT_SECONDS = 3_600;

    private static final Pattern CATEGORY = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]{0,63}");
    private static final Pattern MODEL_NAME = Pattern.compile("[^@\\s]+");
    private static final Pattern SERVER_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,62}");
    /** Fields a stored template answers with; sent back (GET, edit, PUT) they are ignored. */
    private static final Set<String> READ_ONLY = Set.of("id", "is_active", "created_at", "updated_at");
    private static final Set<String> FIELDS = Set.of("name", "description", "planner_model", "planner_prompt",
            "judge_model", "judge_prompt", "experts", "cost_factor", "enable_cache", "enable_graphrag",
            "enable_web_research", "force_think", "force_ensemble", "max_agentic_rounds", "history_max_turns",
            "history_max_chars", "max_tokens", "timeout_seconds", "tool_model");
    private static final Set<String> CATEGORY_FIELDS = Set.of("system_prompt", "models");
    private static final Set<String> MODEL_FIELDS = Set.of("model", "endpoint", "role", "tier", "required");

    private TemplateSchema() {
    }

    static ExpertTemplate read(JsonObject item) {
        known(item, "", FIELDS, READ_ONLY);
        String name = name(item);
        return new ExpertTemplate(name, text(item, "description", "description", MAX_DESCRIPTION, ""),
                ref(item, "planner_model"), text(item, "planner_prompt", "planner_prompt", MAX_PROMPT, null),
                ref(item, "judge_model"), text(item, "judge_prompt", "judge_prompt", MAX_PROMPT, null),
                experts(item), costFactor(item), bool(item, "force_think", false), bool(item, "enable_graphrag", true),
                bool(item, "enable_web_research", true),
                whole(item, "max_agentic_rounds", "max_agentic_rounds", 0, MAX_AGENTIC_ROUNDS).orElse(0),
                bool(item, "force_ensemble", false), bool(item, "enable_cache", true), limits(item),
                ref(item, "tool_model"));
    }

    private static String name(JsonObject item) {
        String name = text(item, "name", "name", MAX_NAME, null);
        if (name == null || name.isBlank()) {
            throw new InvalidTemplateException("name", "is required: a non-empty string of at most " + MAX_NAME + " characters");
        }
        if (!name.equals(name.strip())) {
            throw new InvalidTemplateException("name", "must not start or end with white space");
        }
        return name;
    }

    private static Map<String, ExpertConfig> experts(JsonObject item) {
        if (!(item.get("experts") instanceof JsonObject experts)) {
            throw new InvalidTemplateException("experts", "is required: an object mapping category ids to {system_prompt, models}");
        }
        if (experts.size() > MAX_CATEGORIES) {
            throw new InvalidTemplateException("experts", "has " + experts.size() + " categories; at most " + MAX_CATEGORIES + " are allowed");
        }
        Map<String, ExpertConfig> configs = new LinkedHashMap<>();
        experts.forEach((category, value) -> configs.put(category, expertConfig(category, value)));
        if (configs.values().stream().allMatch(c -> c.models().isEmpty())) { // every request would have no model to ask
            throw new InvalidTemplateException("experts", "names no model: give at least one category a model (the other "
                    + "categories, and the planner and judge when they name none, use it)");
        }
        return configs;
    }

    private static ExpertConfig expertConfig(String category, JsonValue value) {
        String path = "experts." + category;
        if (!CATEGORY.matcher(category).matches()) {
            throw new InvalidTemplateException(path, "a category id is 1 to 64 letters, digits, '_', '.' or '-', starting with a letter or digit");
        }
        if (!(value instanceof JsonObject config)) {
            throw new InvalidTemplateException(path, "must be an object {system_prompt, models}");
        }
        known(config, path + ".", CATEGORY_FIELDS, Set.of());
        if (!(config.get("models") instanceof JsonArray models)) {
            throw new InvalidTemplateException(path + ".models", "is required: an array of {model, endpoint, role}");
        }
        if (models.size() > MAX_MODELS) {
            throw new InvalidTemplateException(path + ".models", "has " + models.size() + " models; at most " + MAX_MODELS + " are allowed");
        }
        List<ExpertModel> list = new ArrayList<>();
        for (int i = 0; i < models.size(); i++) {
            list.add(expertModel(path + ".models[" + i + "]", models.get(i)));
        }
        return new ExpertConfig(text(config, "system_prompt", path + ".system_prompt", MAX_PROMPT, null), list);
    }

    private static ExpertModel expertModel(String path, JsonValue value) {
        if (!(value instanceof JsonObject m)) {
            throw new InvalidTemplateException(path, "must be an object {model, endpoint, role}");
        }
        known(m, path + ".", MODEL_FIELDS, Set.of());
        String model = text(m, "model", path + ".model", MAX_MODEL_NAME, null);
        if (model == null || !MODEL_NAME.matcher(model).matches()) {
            throw new InvalidTemplateException(path + ".model", "is required: the model name without the server, e.g. qwen2.5:14b");
        }
        String endpoint = text(m, "endpoint", path + ".endpoint", 63, null);
        if (endpoint == null || !SERVER_NAME.matcher(endpoint).matches()) {
            throw new InvalidTemplateException(path + ".endpoint", "is required: the name of an inference server (see /api/servers)");
        }
        Boolean required = m.containsKey("required") && m.get("required") != JsonValue.NULL
                ? bool(m, "required", path + ".required", false) : null;
        ExpertRole role = role(m, path, required, new ModelRef(model, endpoint));
        return new ExpertModel(model, endpoint, role, whole(m, "tier", path + ".tier", 1, 2));
    }

    private static ExpertRole role(JsonObject m, String path, Boolean required, ModelRef model) {
        String given = text(m, "role", path + ".role", 20, null);
        if (given == null) {
            return Boolean.TRUE.equals(required) ? ExpertRole.ALWAYS : ExpertRole.bySize(model);
        }
        ExpertRole role = ExpertRole.of(given).orElseThrow(() ->
                new InvalidTemplateException(path + ".role", "must be one of always, primary, fallback"));
        if (required != null && required != (role == ExpertRole.ALWAYS)) {
            throw new InvalidTemplateException(path + ".required", "says " + required + " but role is " + given
                    + "; required: true means role always (leave required out)");
        }
        return role;
    }

    private static TemplateLimits limits(JsonObject item) {
        Map<StageRole, Duration> timeouts = new EnumMap<>(StageRole.class);
        timeouts.put(StageRole.PLANNER, TemplateLimits.DEFAULT_PLANNER_TIMEOUT);
        perRole(item, "timeout_seconds", MAX_TIMEOUT_SECONDS).forEach((role, s) -> timeouts.put(role, Duration.ofSeconds(s)));
        return new TemplateLimits(whole(item, "history_max_turns", "history_max_turns", 1, MAX_HISTORY_TURNS),
                whole(item, "history_max_chars", "history_max_chars", 1, MAX_HISTORY_CHARS),
                perRole(item, "max_tokens", MAX_TOKENS), timeouts);
    }

    /** An object such as {@code max_tokens}: whole numbers from 1 to {@code max} under any of the role names. */
    private static Map<StageRole, Integer> perRole(JsonObject item, String field, int max) {
        JsonValue v = item.get(field);
        Map<StageRole, Integer> found = new EnumMap<>(StageRole.class);
        if (v == null || v == JsonValue.NULL) {
            return found;
        }
        if (!(v instanceof JsonObject o)) {
            throw new InvalidTemplateException(field, "must be an object with any of planner, expert, judge");
        }
        for (String key : o.keySet()) {
            StageRole role = StageRole.of(key).orElseThrow(() ->
                    new InvalidTemplateException(field + "." + key, "unknown role; the roles are planner, expert, judge"));
            whole(o, key, field + "." + key, 1, max).ifPresent(n -> found.put(role, n));
        }
        return found;
    }

    private static void known(JsonObject o, String prefix, Set<String> fields, Set<String> ignored) {
        UnknownField.first(o.keySet(), fields, ignored).ifPresent(key -> {
            throw new InvalidTemplateException(prefix + key, "unknown field; the fields here are [" + UnknownField.listing(fields) + "]");
        });
    }

    private static ModelRef ref(JsonObject item, String field) {
        String text = text(item, field, field, MAX_MODEL_NAME + 64, null);
        if (text == null || text.isBlank()) {
            return null;
        }
        ModelRef ref;
        try {
            ref = ModelRef.parse(text);
        } catch (IllegalArgumentException e) {
            throw new InvalidTemplateException(field, "'" + PlainText.fit(text, 300) + "' is not <model>:<tag>@<server>, e.g. qwen2.5:14b@gpu1"
                    + " (a model name of at most " + ModelRef.MAX_MODEL_LENGTH + " characters, a server name of at most 63)");
        }
        if (!SERVER_NAME.matcher(ref.endpoint()).matches()) {
            throw new InvalidTemplateException(field, "'" + PlainText.fit(ref.endpoint(), 300) + "' is not a server name: letters, digits, '.', '_'"
                    + " and '-', at most 63, beginning with a letter or digit");
        }
        return ref;
    }

    /** A string of at most {@code max} characters; absent, null or (as the original system wrote) "" is {@code fallback}. */
    private static String text(JsonObject o, String key, String path, int max, String fallback) {
        JsonValue v = o.get(key);
        if (v == null || v == JsonValue.NULL) {
            return fallback;
        }
        if (!(v instanceof JsonString s)) {
            throw new InvalidTemplateException(path, "must be a string");
        }
        String text = s.getString();
        if (text.length() > max) {
            throw new InvalidTemplateException(path, "is " + text.length() + " characters long; at most " + max + " are allowed");
        }
        if (PlainText.hasControlCharacters(text)) {
            throw new InvalidTemplateException(path, "must not contain control characters (tab and line breaks are fine)");
        }
        return text.isEmpty() ? fallback : text;
    }

    private static boolean bool(JsonObject o, String key, boolean fallback) {
        return bool(o, key, key, fallback);
    }

    private static boolean bool(JsonObject o, String key, String path, boolean fallback) {
        JsonValue v = o.get(key);
        if (v == null || v == JsonValue.NULL) {
            return fallback;
        }
        if (v == JsonValue.TRUE || v == JsonValue.FALSE) {
            return v == JsonValue.TRUE;
        }
        throw new InvalidTemplateException(path, "must be true or false");
    }

    private static OptionalInt whole(JsonObject o, String key, String path, int min, int max) {
        JsonValue v = o.get(key);
        if (v == null || v == JsonValue.NULL) {
            return OptionalInt.empty();
        }
        if (!(v instanceof JsonNumber n) || !n.isIntegral()) {
            throw new InvalidTemplateException(path, "must be a whole number from " + min + " to " + max);
        }
        BigDecimal d = n.bigDecimalValue();
        if (d.compareTo(BigDecimal.valueOf(min)) < 0 || d.compareTo(BigDecimal.valueOf(max)) > 0) {
            throw new InvalidTemplateException(path, "must be from " + min + " to " + max + " (was " + n + ")");
        }
        return OptionalInt.of(d.intValueExact());
    }

    private static double costFactor(JsonObject item) {
        JsonValue v = item.get("cost_factor");
        if (v == null || v == JsonValue.NULL) {
            return 1.0;
        }
        if (!(v instanceof JsonNumber n)) {
            throw new InvalidTemplateException("cost_factor", "must be a number");
        }
        double factor = n.doubleValue();
        if (!(factor > 0) || factor > MAX_COST_FACTOR) {
            throw new InvalidTemplateException("cost_factor", "must be greater than 0 and at most " + (int) MAX_COST_FACTOR
                    + " (1.0 = tokens count as they are)");
        }
        return factor;
    }
}
