package io.moe.application.pipeline.trace;

/** One expert call as the trace shows it: the subtask, the model and its tier, the confidence, the answer's length. */
public record ExpertEntry(String category, String task, String model, int tier, String confidence, int chars, boolean failed) {
}
