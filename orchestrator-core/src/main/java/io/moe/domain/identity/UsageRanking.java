package io.moe.domain.identity;

/** One line of a usage ranking or series: what it is about (a user id, a model, a day), its requests and tokens. */
public record UsageRanking(String key, long requests, long tokens) {
}
