/** Black-box tests of the OpenAI-compatible chat API on the orchestrator port. */
package io.moe.it.chat;
