package io.moe.application.pipeline.run;

import io.moe.domain.shared.Refusal;

/** Every source of a run came back empty, without a model failure to report instead. */
public class NoAnswerException extends Refusal {

    public NoAnswerException(String message) {
        super(Kind.UPSTREAM_FAILED, "no_answer", null, message);
    }
}
