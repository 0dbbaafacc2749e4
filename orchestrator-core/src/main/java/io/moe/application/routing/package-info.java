/**
 * Per-request routing: which template, mode or inference server a request's {@code model} names
 * ({@code RouteResolver}), and the native pass-through of a request straight to its server.
 */
package io.moe.application.routing;
