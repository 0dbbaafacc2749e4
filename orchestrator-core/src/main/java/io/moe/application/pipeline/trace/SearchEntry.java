package io.moe.application.pipeline.trace;

/** One web search: the query, the expert category it was made for (targeted research only, else null) and the hits. */
public record SearchEntry(String query, String category, int results) {
}
