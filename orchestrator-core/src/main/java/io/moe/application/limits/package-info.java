/**
 * The bounds every request is held to before it costs anything: body size, JSON depth, message, part and
 * image counts, characters, output tokens, and how many requests one user may have in flight.
 */
package io.moe.application.limits;
