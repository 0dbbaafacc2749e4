/** The conversation a client sends and the answers and token counts the service returns. */
package io.moe.domain.chat;
