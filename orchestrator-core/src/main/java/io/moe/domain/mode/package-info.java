/** The routing modes a client selects through the model id of a chat request. */
package io.moe.domain.mode;
