/**
 * Rule 4, the experts in two tiers: per subtask the category's models by score, the conversation context,
 * and the error examples learned from feedback (rule 15).
 */
package io.moe.application.pipeline.experts;
