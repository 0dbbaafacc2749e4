package io.moe.interfaces.messages;

import io.moe.application.limits.RequestLimits;
import io.moe.domain.shared.Jsonp;
import io.moe.interfaces.openai.ApiError;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A messages request in the OpenAI chat format of the inference servers, checked on the way (400 naming the
 * field, bounds from {@link RequestLimits}): {@code system} (string or text blocks, {@code cache_control} ignored)
 * after the profile's prefix becomes the system message; text and base64 images become content parts, and so do URL
 * images for the tool model (the pipeline takes base64 images only); text documents become text parts (a PDF is
 * refused by name); an assistant's {@code tool_use} blocks become {@code tool_calls}, a user's {@code tool_result}
 * blocks become {@code tool} messages (placed before the rest of that turn; a result's images follow in that turn's
 * user message, since a tool message carries text only); thinking blocks are dropped; every turn but a final
 * assistant one must carry content (as the messages API says); {@code tools} the model can run (not the vendor's
 * server tools; when none is left, neither {@code tools} nor {@code tool_choice} is sent),
 * {@code tool_choice} (auto, any → required, tool → that function, none), {@code stop_sequences}, sampling
 * settings and {@code metadata.user_id} are carried over.
 */
public final class MessagesToOpenAi {

    /**
     * What the profile adds: the server's model name, the system prefix, the default tool choice and the token cap of tool
     * turns; and whether the request goes to the tool model ({@code forToolModel}: tools carried, URL images passed, no
     * message bound) or to the pipeline.
     */
    public record Settings(String upstreamModel, String systemPrefix, String defaultToolChoice, int toolMaxTokens, boolean forToolModel) {
    }

    static final int MAX_TOOLS = 128;
    static final int MAX_STOP_SEQUENCES = 16;
    private static final Pattern MEDIA_TYPE = Pattern.compile("image/(png|jpeg|gif|webp)");
    private static final Pattern BASE64 = Pattern.compile("[A-Za-z0-9+/=\\s]+");

    private MessagesToOpenAi() {
    }

    public static JsonObject translate(MessagesRequest request, Settings settings, RequestLimits limits) {
        JsonObject in = request.json();
        JsonArrayBuilder messages = Jsonp.createArrayBuilder();
        String system = systemText(in.get("system"), settings.systemPrefix());
        if (!system.isEmpty()) {
            messages.add(Jsonp.createObjectBuilder().add("role", "system").add("content", system));
        }
        if (!(in.get("messages") instanceof JsonArray turns) || turns.isEmpty()) {
            throw ApiError.invalidRequest("missing_messages", "messages: is required, a non-empty array of {role, content}");
        }
        if (!settings.forToolModel() && turns.size() > limits.maxMessages) {
            // the pipeline's bound; a turn for the tool model is bounded by the body's size alone, as native pass-through
            // is, since an agent's session grows by two turns with each tool call
            throw ApiError.invalidRequest("too_many_messages", "messages: at most " + limits.maxMessages + " (moe.limits.max-messages)");
        }
        for (int i = 0; i < turns.size(); i++) {
            turn(turns.get(i), i, i == turns.size() - 1, settings.forToolModel(), messages, limits);
        }
        boolean tools = settings.forToolModel() && in.get("tools") instanceof JsonArray t && !t.isEmpty();
        int maxTokens = tools ? Math.min(request.maxTokens(), settings.toolMaxTokens()) : request.maxTokens();
        JsonObjectBuilder out = Jsonp.createObjectBuilder().add("model", settings.upstreamModel()).add("messages", messages)
                .add("max_tokens", maxTokens).add("stream", request.stream());
        if (request.stream()) {
            out.add("stream_options", Jsonp.createObjectBuilder().add("include_usage", true));
        }
        JsonArray functions = tools ? tools((JsonArray) in.get("tools")) : JsonValue.EMPTY_JSON_ARRAY;
        if (!functions.isEmpty()) { // server tools alone leave nothing to offer, and nothing to choose from
            out.add("tools", functions);
            toolChoice(in.get("tool_choice"), settings.defaultToolChoice(), out);
        }
        stops(in.get("stop_sequences"), out);
        for (String field : new String[] {"temperature", "top_p", "top_k"}) {
            if (in.containsKey(field) && in.get(field) != JsonValue.NULL) {
                out.add(field, in.get(field));
            }
        }
        if (in.get("metadata") instanceof JsonObject meta && meta.get("user_id") instanceof JsonString user) {
            out.add("user", user.getString());
        }
        return out.build();
    }

    /** The profile's prefix, then the request's system text. */
    static String systemText(JsonValue system, String prefix) {
        StringBuilder text = new StringBuilder(prefix == null ? "" : prefix);
        String own;
        if (system == null || system == JsonValue.NULL) {
            own = "";
        } else if (system instanceof JsonString s) {
            own = s.getString();
        } else if (system instanceof JsonArray blocks) {
            StringBuilder joined = new StringBuilder();
            for (int i = 0; i < blocks.size(); i++) {
                if (!(blocks.get(i) instanceof JsonObject b) || !"text".equals(b.getString("type", "")) || !(b.get("text") instanceof JsonString t)) {
                    throw ApiError.invalidRequest("invalid_system", "system[" + i + "]: must be a text block {\"type\":\"text\",\"text\":\"...\"}");
                }
                joined.append(joined.isEmpty() ? "" : "\n\n").append(t.getString());
            }
            own = joined.toString();
        } else {
            throw ApiError.invalidRequest("invalid_system", "system: must be a string or an array of text blocks");
        }
        if (!own.isEmpty()) {
            text.append(text.isEmpty() ? "" : "\n\n").append(own);
        }
        return text.toString();
    }

    /**
     * Turn {@code index} of the conversation, added to {@code out}; {@code last} when it is the final turn, the one that
     * may be an empty assistant turn (an answer's start for the model to continue).
     */
    private static void turn(JsonValue value, int index, boolean last, boolean forToolModel, JsonArrayBuilder out, RequestLimits limits) {
        String at = "messages[" + index + "]";
        if (!(value instanceof JsonObject m)) {
            throw ApiError.invalidRequest("invalid_message", at + ": must be an object {role, content}");
        }
        String role = m.getString("role", "");
        if (!role.equals("user") && !role.equals("assistant")) {
            throw ApiError.invalidRequest("invalid_role", at + ".role: must be user or assistant (the system prompt goes in 'system')");
        }
        boolean mayBeEmpty = last && role.equals("assistant");
        JsonValue content = m.get("content");
        if (content instanceof JsonString s) {
            if (s.getString().isBlank() && !mayBeEmpty) {
                throw emptyContent(index);
            }
            out.add(Jsonp.createObjectBuilder().add("role", role).add("content", s.getString()));
            return;
        }
        if (!(content instanceof JsonArray blocks)) {
            throw ApiError.invalidRequest("invalid_content", at + ".content: must be a string or an array of content blocks");
        }
        if (blocks.size() > limits.maxParts) {
            throw ApiError.invalidRequest("too_many_parts", at + ".content: at most " + limits.maxParts + " blocks (moe.limits.max-parts)");
        }
        JsonArrayBuilder parts = Jsonp.createArrayBuilder();
        JsonArrayBuilder calls = Jsonp.createArrayBuilder();
        StringBuilder text = new StringBuilder();
        int partCount = 0;
        int callCount = 0;
        boolean carriesContent = false;
        for (int i = 0; i < blocks.size(); i++) {
            String where = at + ".content[" + i + "]";
            if (!(blocks.get(i) instanceof JsonObject b)) {
                throw ApiError.invalidRequest("invalid_content", where + ": must be a content block object");
            }
            switch (b.getString("type", "")) {
                case "text" -> {
                    String t = string(b, "text", where);
                    parts.add(Jsonp.createObjectBuilder().add("type", "text").add("text", t));
                    text.append(t);
                    partCount++;
                    carriesContent |= !t.isBlank();
                }
                case "image" -> {
                    if (!role.equals("user")) {
                        throw ApiError.invalidRequest("invalid_content", where + ": images are accepted in user turns only");
                    }
                    parts.add(Jsonp.createObjectBuilder().add("type", "image_url")
                            .add("image_url", Jsonp.createObjectBuilder().add("url", imageUrl(b, where, forToolModel))));
                    partCount++;
                    carriesContent = true;
                }
                case "tool_use" -> {
                    if (!role.equals("assistant")) {
                        throw ApiError.invalidRequest("invalid_content", where + ": tool_use blocks belong to assistant turns");
                    }
                    JsonValue input = b.get("input");
                    calls.add(Jsonp.createObjectBuilder().add("id", string(b, "id", where)).add("type", "function")
                            .add("function", Jsonp.createObjectBuilder().add("name", string(b, "name", where))
                                    .add("arguments", input instanceof JsonObject o ? o.toString() : "{}")));
                    callCount++;
                    carriesContent = true;
                }
                case "tool_result" -> {
                    if (!role.equals("user")) {
                        throw ApiError.invalidRequest("invalid_content", where + ": tool_result blocks belong to user turns");
                    }
                    String callId = string(b, "tool_use_id", where);
                    JsonArray images = resultImages(b.get("content"), where, forToolModel);
                    out.add(Jsonp.createObjectBuilder().add("role", "tool").add("tool_call_id", callId)
                            .add("content", (b.getBoolean("is_error", false) ? "Error: " : "") + resultText(b.get("content"), where)
                                    + (images.isEmpty() ? "" : "\n[" + images.size() + " image(s) of this result follow in the next user message]")));
                    if (!images.isEmpty()) {
                        // a tool message carries text only: the images go with the user's message after the tool messages
                        parts.add(Jsonp.createObjectBuilder().add("type", "text").add("text", "Image(s) returned by tool call " + callId + ":"));
                        images.forEach(parts::add);
                        partCount += 1 + images.size();
                    }
                    carriesContent = true;
                }
                case "document" -> {
                    String t = documentText(b, where);
                    parts.add(Jsonp.createObjectBuilder().add("type", "text").add("text", t));
                    text.append(t);
                    partCount++;
                    carriesContent = true;
                }
                case "thinking", "redacted_thinking" -> {
                    // the service's own reasoning of an earlier turn; the server does not need it back
                }
                default -> throw ApiError.invalidRequest("invalid_content", where + ".type: must be text, image, document, tool_use, tool_result or thinking");
            }
        }
        if (!carriesContent && !mayBeEmpty) {
            throw emptyContent(index);
        }
        if (role.equals("assistant")) {
            JsonObjectBuilder a = Jsonp.createObjectBuilder().add("role", "assistant");
            if (text.isEmpty() && callCount > 0) {
                a.addNull("content");
            } else {
                a.add("content", text.toString());
            }
            if (callCount > 0) {
                a.add("tool_calls", calls);
            }
            out.add(a);
        } else if (partCount > 0) {
            out.add(Jsonp.createObjectBuilder().add("role", "user").add("content", parts));
        }
    }

    /** The messages API's own words: only the final turn, and only an assistant's, may be empty. */
    private static ApiError emptyContent(int index) {
        return ApiError.invalidRequest("empty_content", "messages." + index
                + ": all messages must have non-empty content except for the optional final assistant message");
    }

    /** An image block's source as a URL of the chat format: a data URL, or for the tool model also an http(s) URL. */
    private static String imageUrl(JsonObject block, String where, boolean forToolModel) {
        if (!(block.get("source") instanceof JsonObject source)) {
            throw ApiError.invalidRequest("invalid_image", where + ".source: is required, {\"type\":\"base64\",\"media_type\",\"data\"}");
        }
        String type = source.getString("type", "");
        if (type.equals("url") && !forToolModel) {
            throw ApiError.invalidRequest("invalid_image", where + ".source.type: 'url' images are not taken by the pipeline (a profile "
                    + "mode other than native); only base64 images are taken there: send the image as {\"type\":\"base64\",\"media_type\",\"data\"}");
        }
        if (type.equals("url")) {
            String url = string(source, "url", where + ".source");
            if (!url.startsWith("https://") && !url.startsWith("http://")) {
                throw ApiError.invalidRequest("invalid_image", where + ".source.url: must be an http(s) URL");
            }
            return url;
        }
        if (!type.equals("base64")) {
            throw ApiError.invalidRequest("invalid_image", where + ".source.type: must be base64 or url");
        }
        String media = string(source, "media_type", where + ".source");
        if (!MEDIA_TYPE.matcher(media).matches()) {
            throw ApiError.invalidRequest("invalid_image", where + ".source.media_type: must be image/png, image/jpeg, image/gif or image/webp");
        }
        String data = string(source, "data", where + ".source");
        if (!BASE64.matcher(data).matches()) {
            throw ApiError.invalidRequest("invalid_image", where + ".source.data: must be base64");
        }
        return "data:" + media + ";base64," + data;
    }

    /**
     * The text of a document block: a plain-text source ({@code {"type":"text","data"}}) or a content source of text
     * blocks. A PDF (base64 or URL) is refused by name: the inference servers read text and images, not PDF files.
     */
    private static String documentText(JsonObject block, String where) {
        if (!(block.get("source") instanceof JsonObject source)) {
            throw ApiError.invalidRequest("invalid_document", where + ".source: is required, {\"type\":\"text\",\"media_type\":\"text/plain\",\"data\"}");
        }
        String text = readableText(block, where);
        if (text == null) {
            throw ApiError.invalidRequest("unsupported_document", where + ".source.type: '" + source.getString("type", "")
                    + "' documents (PDF files) are not accepted: the inference servers read text and images; send the document's text"
                    + " as a text source ({\"type\":\"text\",\"media_type\":\"text/plain\",\"data\"}) or its pages as images");
        }
        return text;
    }

    /** A document's title and text when its source is text or text blocks; null for any other source (a PDF). */
    private static String readableText(JsonObject block, String where) {
        JsonObject source = block.get("source") instanceof JsonObject o ? o : JsonValue.EMPTY_JSON_OBJECT;
        String title = block.get("title") instanceof JsonString t ? t.getString() + "\n\n" : "";
        return switch (source.getString("type", "")) {
            case "text" -> title + string(source, "data", where + ".source");
            case "content" -> title + resultText(source.get("content"), where + ".source");
            default -> null;
        };
    }

    /** The images among a tool result's blocks, as image parts of the chat format (checked as a user's images are). */
    private static JsonArray resultImages(JsonValue content, String where, boolean forToolModel) {
        JsonArrayBuilder images = Jsonp.createArrayBuilder();
        if (content instanceof JsonArray blocks) {
            for (int i = 0; i < blocks.size(); i++) {
                if (blocks.get(i) instanceof JsonObject b && "image".equals(b.getString("type", ""))) {
                    images.add(Jsonp.createObjectBuilder().add("type", "image_url")
                            .add("image_url", Jsonp.createObjectBuilder().add("url", imageUrl(b, where + ".content[" + i + "]", forToolModel))));
                }
            }
        }
        return images.build();
    }

    private static String resultText(JsonValue content, String where) {
        if (content == null || content == JsonValue.NULL) {
            return "";
        }
        if (content instanceof JsonString s) {
            return s.getString();
        }
        if (content instanceof JsonArray blocks) {
            StringBuilder text = new StringBuilder();
            for (JsonValue v : blocks) {
                String piece = v instanceof JsonObject b ? switch (b.getString("type", "")) {
                    case "text" -> b.get("text") instanceof JsonString t ? t.getString() : "";
                    case "document" -> Objects.requireNonNullElse(readableText(b, where),
                            "[a document the tool returned is not passed on: the inference servers read no PDF files]");
                    default -> ""; // images travel as image parts (resultImages)
                } : "";
                if (!piece.isEmpty()) {
                    text.append(text.isEmpty() ? "" : "\n").append(piece);
                }
            }
            return text.toString();
        }
        throw ApiError.invalidRequest("invalid_content", where + ".content: must be a string or an array of blocks");
    }

    /** The tools the model can run, as functions; a vendor's server tool (no {@code input_schema}) is left out. */
    private static JsonArray tools(JsonArray tools) {
        if (tools.size() > MAX_TOOLS) {
            throw ApiError.invalidRequest("too_many_tools", "tools: at most " + MAX_TOOLS);
        }
        JsonArrayBuilder out = Jsonp.createArrayBuilder();
        for (int i = 0; i < tools.size(); i++) {
            String at = "tools[" + i + "]";
            if (!(tools.get(i) instanceof JsonObject tool)) {
                throw ApiError.invalidRequest("invalid_tools", at + ": must be an object {name, description, input_schema}");
            }
            if (!(tool.get("input_schema") instanceof JsonObject schema)) {
                continue; // a server tool of the vendor (web search and the like): nothing an inference server can run
            }
            JsonObjectBuilder function = Jsonp.createObjectBuilder().add("name", string(tool, "name", at)).add("parameters", schema);
            if (tool.get("description") instanceof JsonString d) {
                function.add("description", d.getString());
            }
            out.add(Jsonp.createObjectBuilder().add("type", "function").add("function", function));
        }
        return out.build();
    }

    private static void toolChoice(JsonValue choice, String profileDefault, JsonObjectBuilder out) {
        if (choice == null || choice == JsonValue.NULL) {
            out.add("tool_choice", "required".equals(profileDefault) ? "required" : "auto");
            return;
        }
        if (!(choice instanceof JsonObject c)) {
            throw ApiError.invalidRequest("invalid_tool_choice", "tool_choice: must be an object {\"type\": auto|any|tool|none}");
        }
        switch (c.getString("type", "")) {
            case "auto" -> out.add("tool_choice", "auto");
            case "any" -> out.add("tool_choice", "required");
            case "none" -> out.add("tool_choice", "none");
            case "tool" -> out.add("tool_choice", Jsonp.createObjectBuilder().add("type", "function")
                    .add("function", Jsonp.createObjectBuilder().add("name", string(c, "name", "tool_choice"))));
            default -> throw ApiError.invalidRequest("invalid_tool_choice", "tool_choice.type: must be auto, any, tool or none");
        }
        if (c.getBoolean("disable_parallel_tool_use", false)) {
            out.add("parallel_tool_calls", false);
        }
    }

    private static void stops(JsonValue stops, JsonObjectBuilder out) {
        if (stops == null || stops == JsonValue.NULL) {
            return;
        }
        if (!(stops instanceof JsonArray list) || list.size() > MAX_STOP_SEQUENCES
                || !list.stream().allMatch(v -> v instanceof JsonString s && !s.getString().isEmpty() && s.getString().length() <= 200)) {
            throw ApiError.invalidRequest("invalid_stop_sequences", "stop_sequences: must be an array of at most "
                    + MAX_STOP_SEQUENCES + " non-empty strings of at most 200 characters");
        }
        if (!list.isEmpty()) {
            out.add("stop", list);
        }
    }

    private static String string(JsonObject o, String field, String where) {
        if (o.get(field) instanceof JsonString s) {
            return s.getString();
        }
        throw ApiError.invalidRequest("invalid_content", where + "." + field + ": is required, a string");
    }
}
