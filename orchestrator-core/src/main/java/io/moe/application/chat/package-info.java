/** The chat use case: turning a client's conversation in a mode into one answer with its token usage. */
package io.moe.application.chat;
