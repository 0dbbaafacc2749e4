/**
 * The one way to call language models: an OpenAI-compatible chat-completions client over MicroProfile
 * Rest Client, with a concurrency limit per inference server, and the probe that discovers each server's models.
 */
package io.moe.infrastructure.llm;
