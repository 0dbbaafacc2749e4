package io.moe.interfaces.openai;

import io.moe.domain.chat.ChatAnswer;
import io.moe.domain.chat.TokenUsage;
import io.moe.domain.shared.Jsonp;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;

/** The JSON bodies of chat completions: the whole answer, and each chunk of a streamed answer. */
final class CompletionJson {

    private CompletionJson() {
    }

    static JsonObject completion(ChatAnswer answer, String model) {
        return Jsonp.createObjectBuilder()
                .add("id", answer.id())
                .add("object", "chat.completion")
                .add("created", answer.created())
                .add("model", model)
                .add("choices", Jsonp.createArrayBuilder().add(Jsonp.createObjectBuilder()
                        .add("index", 0)
                        // refusal and logprobs are required (nullable) in OpenAI's schema, which strict clients validate against
                        .add("message", Jsonp.createObjectBuilder().add("role", "assistant").add("content", answer.content()).addNull("refusal"))
                        .addNull("logprobs")
                        .add("finish_reason", finishReason(answer))))
                .add("usage", usage(answer.usage()))
                .build();
    }

    /** {@code length} when the answer ends where a token limit stopped its model, else {@code stop}. */
    static String finishReason(ChatAnswer answer) {
        return answer.cutAtLimit() ? "length" : "stop";
    }

    /** A chunk whose delta is {@code delta}; {@code finishReason} null while the answer goes on. */
    static JsonObject chunk(String id, long created, String model, JsonObjectBuilder delta, String finishReason) {
        JsonObjectBuilder choice = Jsonp.createObjectBuilder().add("index", 0).add("delta", delta);
        if (finishReason == null) {
            choice.addNull("finish_reason");
        } else {
            choice.add("finish_reason", finishReason);
        }
        return header(id, created, model).add("choices", Jsonp.createArrayBuilder().add(choice)).build();
    }

    /** The closing usage chunk sent when the client asked for stream_options.include_usage. */
    static JsonObject usageChunk(String id, long created, String model, TokenUsage usage) {
        return header(id, created, model).add("choices", Jsonp.createArrayBuilder()).add("usage", usage(usage)).build();
    }

    private static JsonObjectBuilder header(String id, long created, String model) {
        return Jsonp.createObjectBuilder().add("id", id).add("object", "chat.completion.chunk")
                .add("created", created).add("model", model);
    }

    private static JsonObjectBuilder usage(TokenUsage usage) {
        return Jsonp.createObjectBuilder()
                .add("prompt_tokens", usage.promptTokens())
                .add("completion_tokens", usage.completionTokens())
                .add("total_tokens", usage.totalTokens());
    }
}
