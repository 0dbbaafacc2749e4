/** Every model call a stage makes goes through {@code ModelCaller}: slots, per-stage {@code max_tokens}, billing of each call. */
package io.moe.application.pipeline.models;
