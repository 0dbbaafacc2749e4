package io.moe.application.servers;

import java.util.List;

/**
 * Asks an inference server which models it serves: {@code GET /api/tags} for Ollama, {@code GET /v1/models}
 * for OpenAI-compatible servers, with the server's bearer token.
 */
public interface ModelDiscovery {

    /** The model names; throws {@link DiscoveryException} with a message for the operator when the server does not answer. */
    List<String> models(InferenceServer server);

    /** A probe that failed: unreachable, an error status, a timeout or an answer that is not a model list. */
    class DiscoveryException extends RuntimeException {
        public DiscoveryException(String message) {
            super(message);
        }
    }
}
