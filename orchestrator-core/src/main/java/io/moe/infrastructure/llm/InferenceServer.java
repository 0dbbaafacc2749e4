package io.moe.infrastructure.llm;

import java.net.URI;
import java.time.Duration;

/** One configured inference server: Ollama, vLLM or anything speaking OpenAI chat completions. */
public record InferenceServer(String name, URI url, String type, int concurrency, Duration timeout) {
}
