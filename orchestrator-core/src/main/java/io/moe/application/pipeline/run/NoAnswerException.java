package io.moe.application.pipeline.run;

/** Every source of a run came back empty, without a model failure to report instead (answered as 502). */
public class NoAnswerException extends RuntimeException {

    public NoAnswerException(String message) {
        super(message);
    }
}
