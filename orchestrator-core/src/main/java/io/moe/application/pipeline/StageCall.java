package io.moe.application.pipeline;

import io.moe.domain.chat.Completion;

/** One model call of a run, with the pipeline stage that made it. */
public record StageCall(String stage, Completion completion) {
}
