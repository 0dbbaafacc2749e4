package io.moe.domain.identity;

/** One period of a user's usage (a UTC month, {@code 2026-11}): requests, tokens and the tokens weighted by cost factors. */
public record UsagePeriod(String period, long requests, long tokens, long weightedTokens) {
}
