package io.moe.interfaces.openai;

import io.moe.domain.chat.ChatMessage;
import io.moe.domain.chat.ChatRequest;
import io.moe.domain.mode.Mode;
import io.moe.application.limits.RequestLimits;
import io.moe.domain.shared.Jsonp;
import io.moe.domain.shared.PlainText;
import io.moe.domain.template.ModelRef;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.json.stream.JsonParsingException;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A parsed and validated body of POST /v1/chat/completions. Every violation is an {@link ApiError}
 * (400, or 413 for a size bound) whose message names the field, the accepted form and the setting behind a bound.
 */
public record ChatCompletionRequest(ChatRequest chat, boolean stream, boolean includeUsage, boolean reasoningContent) {

    /** The longest model id: a model name, '@' and a server name ({@link ModelRef}). */
    public static final int MAX_MODEL_ID = ModelRef.MAX_MODEL_LENGTH + 64;
    /** What a refused model id is told: the bound and what an id is made of. */
    public static final String MODEL_ID_FORM = "at most " + MAX_MODEL_ID + " characters without control characters (a model name of at most "
            + ModelRef.MAX_MODEL_LENGTH + ", '@', a server name)";
    private static final Set<String> ROLES = Set.of("system", "developer", "user", "assistant", "tool");
    private static final Pattern DATA_URL = Pattern.compile("data:image/[a-zA-Z0-9.+-]+;base64,[A-Za-z0-9+/=\\s]+");

    /** Parses {@code json} for the pipeline in {@code mode} (the route its model resolved to). */
    public static ChatCompletionRequest parse(RequestLimits limits, JsonObject json, Mode mode) {
        return parse(limits, json, mode, 0);
    }

    /**
     * Like {@link #parse(RequestLimits, JsonObject, Mode)} for a request the service built, with {@code added} messages of
     * its own (a messages request's {@code system}, which is no message there) not counted against the client's limit.
     */
    public static ChatCompletionRequest parse(RequestLimits limits, JsonObject json, Mode mode, int added) {
        List<ChatMessage> messages = messages(json.get("messages"), limits, added);
        MessageBounds.check(messages, limits);
        int maxTokens = maxTokens(json, limits);
        boolean stream = optionalBoolean(json, "stream");
        JsonValue options = json.get("stream_options");
        if (options != null && options != JsonValue.NULL && !(options instanceof JsonObject)) {
            throw ApiError.invalidRequest("invalid_type", "'stream_options' must be an object such as {\"include_usage\": true}");
        }
        boolean includeUsage = options instanceof JsonObject o && optionalBoolean(o, "include_usage");
        boolean reasoningContent = optionalBoolean(json, "include_reasoning");
        return new ChatCompletionRequest(new ChatRequest(mode, messages, maxTokens), stream, includeUsage, reasoningContent);
    }

    /** The body as a JSON object; 400 naming what is wrong otherwise. */
    public static JsonObject object(String body) {
        if (body == null || body.isBlank()) {
            throw ApiError.invalidRequest("invalid_json", "the request body is empty; send a JSON object with 'model' and 'messages'");
        }
        try {
            JsonValue value = Jsonp.readValue(body);
            if (value instanceof JsonObject o) {
                return o;
            }
            throw ApiError.invalidRequest("invalid_json", "the request body must be a JSON object with 'model' and 'messages'");
        } catch (JsonParsingException e) {
            throw ApiError.invalidRequest("invalid_json", "the request body is not valid JSON: " + e.getMessage());
        } catch (jakarta.json.JsonException e) {
            throw ApiError.invalidRequest("invalid_json", "the request body is not valid JSON");
        }
    }

    /** Whether the request offers {@code tools} or answers a tool call ({@code tool} messages): a tool loop of an agent. */
    static boolean carriesToolCalls(JsonObject json) {
        if (json.get("tools") instanceof JsonArray tools && !tools.isEmpty()) {
            return true;
        }
        return json.get("messages") instanceof JsonArray messages && messages.stream()
                .anyMatch(m -> m instanceof JsonObject o && "tool".equals(o.getString("role", "")));
    }

    /** The required {@code model} field: a string naming a mode, a template or {@code model@server}. */
    static String modelId(JsonObject json) {
        JsonValue model = json.get("model");
        if (model == null || model == JsonValue.NULL) {
            throw ApiError.invalidRequest("missing_model", "'model' is required: a mode id, a template name or "
                    + "<model>@<server>; GET /v1/models lists the ids your key may use");
        }
        if (!(model instanceof JsonString s) || s.getString().isBlank()) {
            throw ApiError.invalidRequest("invalid_type", "'model' must be a non-empty string; GET /v1/models lists the ids your key may use");
        }
        if (!fitsModelId(s.getString())) {
            throw ApiError.invalidRequest("invalid_value", "'model' must be " + MODEL_ID_FORM + "; GET /v1/models lists the ids your key may use");
        }
        return s.getString();
    }

    /** Whether {@code id} has the length and the characters a model id can have ({@link #MODEL_ID_FORM}). */
    public static boolean fitsModelId(String id) {
        return id.length() <= MAX_MODEL_ID && !PlainText.hasControlCharacters(id);
    }

    /**
     * {@code max_tokens} or its newer name {@code max_completion_tokens} (which wins when it is given and not null): a
     * positive integer up to the bound; 0 when neither is given. Each one given is checked, since a server may honour
     * either. The pipeline's and the native route's one check.
     */
    static int maxTokens(JsonObject json, RequestLimits limits) {
        int older = checkedMaxTokens(json, "max_tokens", limits);
        int newer = checkedMaxTokens(json, "max_completion_tokens", limits);
        return newer > 0 ? newer : older;
    }

    /**
     * The larger of the two fields (0 when neither is given), each checked as {@link #maxTokens} does: what a request
     * passed on as it is may make a server write, whichever of the two it reads.
     */
    static int largestMaxTokens(JsonObject json, RequestLimits limits) {
        return Math.max(checkedMaxTokens(json, "max_tokens", limits), checkedMaxTokens(json, "max_completion_tokens", limits));
    }

    private static int checkedMaxTokens(JsonObject json, String field, RequestLimits limits) {
        JsonValue value = json.get(field);
        if (value == null || value == JsonValue.NULL) {
            return 0;
        }
        return JsonNumbers.wholeInRange(value, 1, limits.maxOutputTokens).orElseThrow(() -> ApiError.invalidRequest(
                "invalid_max_tokens", "'" + field + "' must be an integer from 1 to " + limits.maxOutputTokens
                        + " (moe.limits.max-output-tokens)"));
    }

    private static List<ChatMessage> messages(JsonValue value, RequestLimits limits, int added) {
        if (value == null || value == JsonValue.NULL) {
            throw ApiError.invalidRequest("missing_messages", "'messages' is required: an array of {role, content}");
        }
        if (!(value instanceof JsonArray array)) {
            throw ApiError.invalidRequest("invalid_type", "'messages' must be an array of {role, content}");
        }
        if (array.isEmpty()) {
            throw ApiError.invalidRequest("invalid_value", "'messages' must contain at least one message");
        }
        if (array.size() - added > limits.maxMessages) {
            throw ApiError.invalidRequest("too_many_messages", "'messages' holds " + (array.size() - added) + " messages; at most "
                    + limits.maxMessages + " are accepted (moe.limits.max-messages): shorten the conversation");
        }
        List<ChatMessage> messages = new ArrayList<>();
        for (int i = 0; i < array.size(); i++) {
            messages.add(message(array.get(i), "messages[" + i + "]", limits));
        }
        return messages;
    }

    private static ChatMessage message(JsonValue value, String where, RequestLimits limits) {
        if (!(value instanceof JsonObject m)) {
            throw ApiError.invalidRequest("invalid_type", where + " must be an object {role, content}");
        }
        if (!(m.get("role") instanceof JsonString role) || !ROLES.contains(role.getString())) {
            throw ApiError.invalidRequest("invalid_value", where + ".role must be one of " + ROLES);
        }
        JsonValue content = m.get("content");
        if (content == null || content == JsonValue.NULL) {
            if ("assistant".equals(role.getString())) {
                return new ChatMessage("assistant", "", List.of());
            }
            throw ApiError.invalidRequest("missing_content", where + ".content is required: a string or an array of parts");
        }
        if (content instanceof JsonString text) {
            return new ChatMessage(role.getString(), text.getString(), List.of());
        }
        if (content instanceof JsonArray parts) {
            if (parts.size() > limits.maxParts) {
                throw ApiError.invalidRequest("too_many_parts", where + ".content holds " + parts.size()
                        + " parts; at most " + limits.maxParts + " are accepted (moe.limits.max-parts)");
            }
            return fromParts(role.getString(), parts, where + ".content");
        }
        throw ApiError.invalidRequest("invalid_type", where + ".content must be a string or an array of parts");
    }

    private static ChatMessage fromParts(String role, JsonArray parts, String where) {
        StringBuilder text = new StringBuilder();
        List<String> images = new ArrayList<>();
        for (int i = 0; i < parts.size(); i++) {
            String at = where + "[" + i + "]";
            if (!(parts.get(i) instanceof JsonObject part) || !(part.get("type") instanceof JsonString type)) {
                throw ApiError.invalidRequest("invalid_type", at + " must be an object with a 'type' (text or image_url)");
            }
            switch (type.getString()) {
                case "text" -> {
                    if (!(part.get("text") instanceof JsonString t)) {
                        throw ApiError.invalidRequest("invalid_type", at + ".text must be a string");
                    }
                    text.append(text.length() == 0 ? "" : "\n").append(t.getString());
                }
                case "image_url" -> images.add(imageUrl(part, at));
                default -> throw ApiError.invalidRequest("invalid_value",
                        at + ".type '" + type.getString() + "' is not supported; use text or image_url");
            }
        }
        return new ChatMessage(role, text.toString(), images);
    }

    private static String imageUrl(JsonObject part, String at) {
        JsonValue holder = part.get("image_url");
        String url = holder instanceof JsonObject o && o.get("url") instanceof JsonString s ? s.getString()
                : holder instanceof JsonString s ? s.getString() : null;
        if (url == null || !DATA_URL.matcher(url).matches()) {
            throw ApiError.invalidRequest("invalid_value",
                    at + ".image_url.url must be a data URL of the form data:image/<type>;base64,<data>");
        }
        return url;
    }

    private static boolean optionalBoolean(JsonObject o, String field) {
        JsonValue v = o.get(field);
        if (v == null || v == JsonValue.NULL) {
            return false;
        }
        if (v == JsonValue.TRUE || v == JsonValue.FALSE) {
            return v == JsonValue.TRUE;
        }
        throw ApiError.invalidRequest("invalid_type", "'" + field + "' must be true or false");
    }
}
