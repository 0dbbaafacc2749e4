package io.moe.infrastructure.llm;

import io.moe.domain.chat.ChatMessage;
import io.moe.domain.chat.Completion;
import io.moe.domain.chat.ModelCall;
import io.moe.domain.chat.TokenUsage;
import io.moe.domain.shared.Jsonp;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;

/** Translates between the domain's model calls and OpenAI chat-completions JSON. */
final class OpenAiMessages {

    private OpenAiMessages() {
    }

    static JsonObject request(ModelCall call) {
        JsonArrayBuilder messages = Jsonp.createArrayBuilder();
        call.messages().forEach(m -> messages.add(message(m)));
        JsonObjectBuilder body = Jsonp.createObjectBuilder()
                .add("model", call.model().model())
                .add("messages", messages)
                .add("stream", false);
        if (call.maxTokens() > 0) {
            body.add("max_tokens", call.maxTokens());
        }
        return body.build();
    }

    /** The request of a streamed call: the server reports the usage in a last chunk. */
    static JsonObject streamRequest(ModelCall call) {
        return Jsonp.createObjectBuilder(request(call)).add("stream", true)
                .add("stream_options", Jsonp.createObjectBuilder().add("include_usage", true)).build();
    }

    private static JsonObject message(ChatMessage m) {
        if (!m.hasImages()) {
            return Jsonp.createObjectBuilder().add("role", m.role()).add("content", m.text()).build();
        }
        JsonArrayBuilder parts = Jsonp.createArrayBuilder()
                .add(Jsonp.createObjectBuilder().add("type", "text").add("text", m.text()));
        m.imageUrls().forEach(url -> parts.add(Jsonp.createObjectBuilder().add("type", "image_url")
                .add("image_url", Jsonp.createObjectBuilder().add("url", url))));
        return Jsonp.createObjectBuilder().add("role", m.role()).add("content", parts).build();
    }

    /** The text a streamed chunk adds to the answer ("" for none). */
    static String delta(JsonObject chunk) {
        JsonArray choices = chunk.getJsonArray("choices");
        if (choices == null || choices.isEmpty() || !(choices.get(0) instanceof JsonObject choice)
                || !(choice.get("delta") instanceof JsonObject delta) || !(delta.get("content") instanceof jakarta.json.JsonString text)) {
            return "";
        }
        return text.getString();
    }

    /** Whether a response or streamed chunk says the model stopped at the call's token limit ({@code finish_reason} length). */
    static boolean cutAtLimit(JsonObject responseOrChunk) {
        JsonArray choices = responseOrChunk.getJsonArray("choices");
        return choices != null && !choices.isEmpty() && choices.get(0) instanceof JsonObject choice
                && choice.get("finish_reason") instanceof jakarta.json.JsonString reason && reason.getString().equals("length");
    }

    /** The usage a streamed chunk reports, or {@link TokenUsage#NONE}. */
    static TokenUsage usage(JsonObject chunk) {
        return chunk.get("usage") instanceof JsonObject u
                ? new TokenUsage(u.getJsonNumber("prompt_tokens") == null ? 0 : u.getJsonNumber("prompt_tokens").longValue(),
                        u.getJsonNumber("completion_tokens") == null ? 0 : u.getJsonNumber("completion_tokens").longValue())
                : TokenUsage.NONE;
    }

    static Completion completion(JsonObject response, String model) {
        JsonArray choices = response.getJsonArray("choices");
        if (choices == null || choices.isEmpty()) {
            throw new InferenceException("inference server answered without choices", false, null);
        }
        JsonObject message = choices.getJsonObject(0).getJsonObject("message");
        String content = message == null || message.isNull("content") ? "" : message.getString("content", "");
        return new Completion(content, model, usage(response), cutAtLimit(response));
    }
}
