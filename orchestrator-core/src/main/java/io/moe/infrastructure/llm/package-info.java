/**
 * The one way to call language models: an OpenAI-compatible chat-completions client over MicroProfile
 * Rest Client, guarded by fault tolerance, for every configured inference server.
 */
package io.moe.infrastructure.llm;
