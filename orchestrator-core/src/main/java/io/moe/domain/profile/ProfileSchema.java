package io.moe.domain.profile;

import io.moe.domain.shared.Jsonp;
import io.moe.domain.shared.UnknownField;
import jakarta.json.JsonArray;
import jakarta.json.JsonException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The schema of a cc_profile item (spec: coding-client profile item), every field checked and bounded:
 * a refusal is an {@link InvalidProfileException} naming the field and what is accepted. A request body with an unknown
 * field is refused ({@link #requireKnown}); the read-only ones a GET answers with ({@code id}, {@code grant},
 * {@code is_active}, timestamps, the owner) are ignored, and so is anything else in an import file's items, which may
 * come from another system.
 */
public final class ProfileSchema {

    public static final int MAX_NAME = 200;
    static final int MAX_MODELS = 64;
    static final int MAX_MODEL_ID = 200;
    static final int MAX_PREFIX = 20_000;
    static final int MAX_TOKENS = 1_000_000;
    private static final Pattern NAME = Pattern.compile("[^\\p{Cntrl}]+");
    private static final Pattern MODEL_ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._:/-]*");
    private static final Pattern TOOL_MODEL = Pattern.compile("[^@\\s\\p{Cntrl}]+");
    private static final Pattern SERVER = Pattern.compile("[a-z0-9][a-z0-9._-]{0,62}");
    /** A model on its server, or a model alone (then on the tool_endpoint). */
    private static final Pattern REASONING_MODEL = Pattern.compile("[^@\\s\\p{Cntrl}]+(@[a-z0-9][a-z0-9._-]{0,62})?");

    /** The fields of a profile. */
    static final Set<String> FIELDS = Set.of("name", "accepted_models", "tool_model", "tool_endpoint", "moe_mode", "tool_choice",
            "tool_max_tokens", "reasoning_max_tokens", "system_prompt_prefix", "stream_think", "reasoning_model", "expert_template");
    /** What a GET answers with beside them, so that a profile read can be sent back. */
    private static final Set<String> READ_ONLY = Set.of("id", "grant", "is_active", "created_at", "updated_at", "user_id", "username");

    private ProfileSchema() {
    }

    /** Refuses a field of {@code o} that is neither a profile's nor one a GET answers with (a misspelt one would go unnoticed). */
    public static void requireKnown(JsonObject o) {
        UnknownField.first(o.keySet(), FIELDS, READ_ONLY).ifPresent(key -> {
            throw new InvalidProfileException(key, "unknown field; the fields of a profile are [" + UnknownField.listing(FIELDS) + "]");
        });
    }

    /** A profile sent as a request body: {@link #parse}, with every field known. */
    public static CcProfile parseBody(String json) {
        try {
            if (json != null && !json.isBlank() && Jsonp.readValue(json) instanceof JsonObject o) {
                requireKnown(o);
            }
        } catch (JsonException e) {
            throw new InvalidProfileException(null, "the body is not valid JSON: " + e.getMessage());
        }
        return parse(json);
    }

    public static CcProfile parse(String json) {
        try {
            if (json != null && !json.isBlank() && Jsonp.readValue(json) instanceof JsonObject o) {
                return fromJson(o);
            }
        } catch (JsonException e) {
            throw new InvalidProfileException(null, "the body is not valid JSON: " + e.getMessage());
        }
        throw new InvalidProfileException(null, "send a profile as a JSON object {name, accepted_models, tool_model, tool_endpoint, moe_mode, ...}");
    }

    public static CcProfile fromJson(JsonObject o) {
        String name = requiredString(o, "name", MAX_NAME);
        if (!NAME.matcher(name).matches()) {
            throw new InvalidProfileException("name", "must not contain control characters");
        }
        List<String> models = acceptedModels(o.get("accepted_models"));
        String toolModel = requiredString(o, "tool_model", MAX_MODEL_ID);
        if (!TOOL_MODEL.matcher(toolModel).matches()) {
            throw new InvalidProfileException("tool_model", "must be <model>:<tag> without '@', spaces or control characters (the server goes in tool_endpoint)");
        }
        String endpoint = requiredString(o, "tool_endpoint", 63);
        if (!SERVER.matcher(endpoint).matches()) {
            throw new InvalidProfileException("tool_endpoint", "must be the name of an inference server (lower case letters, digits, . _ -)");
        }
        String modeName = requiredString(o, "moe_mode", 32);
        ProfileMode mode = ProfileMode.fromWireName(modeName).orElseThrow(() -> new InvalidProfileException("moe_mode",
                "must be one of " + Arrays.stream(ProfileMode.values()).map(ProfileMode::wireName).toList() + " (was '" + modeName + "')"));
        String toolChoice = optionalString(o, "tool_choice", 16, CcProfile.TOOL_CHOICE_AUTO);
        if (!toolChoice.equals(CcProfile.TOOL_CHOICE_AUTO) && !toolChoice.equals(CcProfile.TOOL_CHOICE_REQUIRED)) {
            throw new InvalidProfileException("tool_choice", "must be auto or required (was '" + toolChoice + "')");
        }
        int toolMax = optionalInt(o, "tool_max_tokens", CcProfile.DEFAULT_TOOL_MAX_TOKENS);
        int reasoningMax = optionalInt(o, "reasoning_max_tokens", CcProfile.DEFAULT_REASONING_MAX_TOKENS);
        String prefix = optionalString(o, "system_prompt_prefix", MAX_PREFIX, null);
        boolean streamThink = optionalBoolean(o, "stream_think", true);
        String reasoningModel = optionalString(o, "reasoning_model", MAX_MODEL_ID, null);
        if (reasoningModel != null && !reasoningModel.isBlank() && !REASONING_MODEL.matcher(reasoningModel).matches()) {
            throw new InvalidProfileException("reasoning_model", "must be <model>:<tag>@<server>, or <model>:<tag> on the "
                    + "tool_endpoint, e.g. deepseek-r1:32b@gpu1 (was '" + reasoningModel + "')");
        }
        String template = optionalString(o, "expert_template", MAX_NAME, null);
        return new CcProfile(name, models, toolModel, endpoint, mode, toolChoice, toolMax, reasoningMax,
                prefix == null || prefix.isEmpty() ? null : prefix, streamThink,
                reasoningModel == null || reasoningModel.isBlank() ? null : reasoningModel,
                template == null || template.isBlank() ? null : template);
    }

    private static List<String> acceptedModels(JsonValue value) {
        if (!(value instanceof JsonArray array) || array.isEmpty()) {
            throw new InvalidProfileException("accepted_models", "is required: a non-empty array of the model ids the profile accepts");
        }
        if (array.size() > MAX_MODELS) {
            throw new InvalidProfileException("accepted_models", "holds " + array.size() + " ids; at most " + MAX_MODELS);
        }
        Set<String> ids = new LinkedHashSet<>();
        for (int i = 0; i < array.size(); i++) {
            String field = "accepted_models[" + i + "]";
            if (!(array.get(i) instanceof JsonString s) || s.getString().isBlank()) {
                throw new InvalidProfileException(field, "must be a non-empty string");
            }
            String id = s.getString().strip();
            if (id.length() > MAX_MODEL_ID || !MODEL_ID.matcher(id).matches()) {
                throw new InvalidProfileException(field, "must be a model id of letters, digits and . _ : / - (at most " + MAX_MODEL_ID + " characters)");
            }
            ids.add(id);
        }
        return new ArrayList<>(ids);
    }

    private static String requiredString(JsonObject o, String field, int max) {
        String value = optionalString(o, field, max, null);
        if (value == null || value.isBlank()) {
            throw new InvalidProfileException(field, "is required: a non-empty string");
        }
        return value.strip();
    }

    private static String optionalString(JsonObject o, String field, int max, String fallback) {
        JsonValue v = o.get(field);
        if (v == null || v == JsonValue.NULL) {
            return fallback;
        }
        if (!(v instanceof JsonString s)) {
            throw new InvalidProfileException(field, "must be a string");
        }
        if (s.getString().length() > max) {
            throw new InvalidProfileException(field, "is limited to " + max + " characters");
        }
        return s.getString();
    }

    private static int optionalInt(JsonObject o, String field, int fallback) {
        JsonValue v = o.get(field);
        if (v == null || v == JsonValue.NULL) {
            return fallback;
        }
        if (!(v instanceof JsonNumber n) || !n.isIntegral() || n.bigDecimalValue().compareTo(java.math.BigDecimal.ONE) < 0
                || n.bigDecimalValue().compareTo(java.math.BigDecimal.valueOf(MAX_TOKENS)) > 0) {
            throw new InvalidProfileException(field, "must be an integer from 1 to " + MAX_TOKENS);
        }
        return n.intValue();
    }

    private static boolean optionalBoolean(JsonObject o, String field, boolean fallback) {
        JsonValue v = o.get(field);
        if (v == null || v == JsonValue.NULL) {
            return fallback;
        }
        if (v == JsonValue.TRUE || v == JsonValue.FALSE) {
            return v == JsonValue.TRUE;
        }
        throw new InvalidProfileException(field, "must be true or false");
    }
}
