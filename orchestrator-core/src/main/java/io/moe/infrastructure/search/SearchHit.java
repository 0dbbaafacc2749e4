package io.moe.infrastructure.search;

/** One web search result: title, address and the snippet the engine returned. */
public record SearchHit(String title, String url, String snippet) {
}
