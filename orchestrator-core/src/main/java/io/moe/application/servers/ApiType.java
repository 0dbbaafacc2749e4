package io.moe.application.servers;

import java.util.Arrays;
import java.util.Optional;

/**
 * How an inference server lists its models: Ollama's {@code GET /api/tags} or the OpenAI-compatible
 * {@code GET /v1/models}. Chat calls use the OpenAI wire format on both, which Ollama serves too.
 */
public enum ApiType {
    OLLAMA("ollama"),
    OPENAI("openai");

    private final String wireName;

    ApiType(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }

    /** The type spelled {@code name} (as stored and as in the API), if any. */
    public static Optional<ApiType> of(String name) {
        return Arrays.stream(values()).filter(t -> t.wireName.equals(name)).findFirst();
    }
}
