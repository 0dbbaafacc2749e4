package io.moe.simulator;

import java.util.ArrayList;
import java.util.List;

import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

/**
 * What the simulator needs from a chat request: the model, the system text (which names the role),
 * the last user text (which the answer restates), all user texts joined (which rules match), whether
 * images were sent, the prompt size, the most tokens the answer may have ({@code max_tokens}, 0 = no limit),
 * the names of the functions offered in {@code tools}, and the role and text of the last message (a
 * {@code tool} result answers a tool call).
 */
record SimRequest(String model, String system, String user, String allUserText, boolean hasImages, boolean stream,
                  boolean includeUsage, int promptTokens, int maxTokens, List<String> tools, boolean toolChoiceNone,
                  String lastRole, String lastText) {

    /** Reads a chat-completions body; throws IllegalArgumentException with a message for the client. */
    /** Whether a model would call a tool now: functions are offered, the user spoke last, and tools are not switched off. */
    boolean wantsToolCall() {
        return !tools.isEmpty() && !toolChoiceNone && "user".equals(lastRole);
    }

    static SimRequest of(JsonObject body) {
        if (!(body.get("model") instanceof JsonString model) || model.getString().isBlank()) {
            throw new IllegalArgumentException("'model' is required");
        }
        if (!(body.get("messages") instanceof JsonArray messages) || messages.isEmpty()) {
            throw new IllegalArgumentException("'messages' must be a non-empty array");
        }
        StringBuilder system = new StringBuilder();
        String user = "";
        StringBuilder allUser = new StringBuilder();
        boolean images = false;
        int tokens = 0;
        String lastRole = "";
        String lastText = "";
        for (JsonValue value : messages) {
            if (!(value instanceof JsonObject message)) {
                throw new IllegalArgumentException("every message must be an object with role and content");
            }
            String role = message.getString("role", "user");
            StringBuilder text = new StringBuilder();
            JsonValue content = message.get("content");
            if (content instanceof JsonString s) {
                text.append(s.getString());
            } else if (content instanceof JsonArray parts) {
                for (JsonValue p : parts) {
                    if (p instanceof JsonObject part && "image_url".equals(part.getString("type", ""))) {
                        images = true;
                    } else if (p instanceof JsonObject part) {
                        text.append(part.getString("text", ""));
                    }
                }
            }
            tokens += Tokens.count(text.toString());
            lastRole = role;
            lastText = text.toString();
            if ("system".equals(role) || "developer".equals(role)) {
                system.append(system.length() == 0 ? "" : "\n").append(text);
            } else if ("user".equals(role)) {
                user = text.toString();
                allUser.append(allUser.length() == 0 ? "" : "\n").append(text);
            }
        }
        boolean stream = body.getBoolean("stream", false);
        boolean usage = body.get("stream_options") instanceof JsonObject o && o.getBoolean("include_usage", false);
        int maxTokens = body.get("max_tokens") instanceof jakarta.json.JsonNumber n ? n.intValue() : 0;
        if (maxTokens < 0) {
            throw new IllegalArgumentException("'max_tokens' must be positive");
        }
        List<String> tools = new ArrayList<>();
        if (body.get("tools") instanceof JsonArray offered) {
            for (JsonValue t : offered) {
                if (t instanceof JsonObject tool && tool.get("function") instanceof JsonObject f && f.get("name") instanceof JsonString name) {
                    tools.add(name.getString());
                }
            }
        }
        boolean none = body.get("tool_choice") instanceof JsonString c && "none".equals(c.getString());
        return new SimRequest(model.getString(), system.toString(), user, allUser.toString(), images, stream, usage, tokens,
                maxTokens, List.copyOf(tools), none, lastRole, lastText);
    }
}
