/**
 * The OpenAI-compatible HTTP edge of the orchestrator: /v1/models and /v1/chat/completions (JSON and
 * server-sent events), key checking, and OpenAI-shaped error bodies.
 */
package io.moe.interfaces.openai;
