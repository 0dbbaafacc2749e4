package io.moe.application.pipeline.trace;

/**
 * A model call that failed and what came next, as the trace shows it: the stage, the model on its server, why
 * it failed ({@code http_503}, {@code no_answer}, {@code timeout}, …) and the step taken ({@code retried} on the
 * same server, {@code failed_over} to another server, {@code gave_up}).
 */
public record AttemptEntry(String stage, String model, String reason, String next) {
}
