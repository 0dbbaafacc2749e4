package io.moe.domain.identity;

/** What the usage log counts over a period: requests, their tokens, and how many were refused for budget or failed. */
public record UsageTotals(long requests, long tokens, long budgetRefusals, long errors) {
}
