/**
 * The messages API of coding clients ({@code POST /v1/messages}, count_tokens, provider status): its wire format,
 * the translation to and from the OpenAI chat format the inference servers speak, and its error shape.
 */
package io.moe.interfaces.messages;
