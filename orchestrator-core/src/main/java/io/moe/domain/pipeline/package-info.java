/**
 * The vocabulary of the orchestration pipeline: expert categories and tiers, plans and their tolerant
 * parsing, the confidence protocol, and the results the parallel stage produces.
 */
package io.moe.domain.pipeline;
