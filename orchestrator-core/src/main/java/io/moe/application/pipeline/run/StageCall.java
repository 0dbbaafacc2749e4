package io.moe.application.pipeline.run;

import io.moe.domain.chat.Completion;

/**
 * One model call of a run, with the pipeline stage that made it. A call that was cut off (timeout,
 * cancellation) carries no answer; its completion holds the tokens it is billed for and {@code cutOff} is true.
 */
public record StageCall(String stage, Completion completion, boolean cutOff) {

    public StageCall(String stage, Completion completion) {
        this(stage, completion, false);
    }
}
