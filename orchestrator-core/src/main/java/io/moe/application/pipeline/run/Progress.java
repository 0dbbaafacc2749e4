package io.moe.application.pipeline.run;

/**
 * Receives pipeline progress lines for the think panel of a streamed answer. Lines describe what the
 * pipeline does ("Planning…", "3 experts answered"), never prompts or other users' data. A streamed
 * response also takes the final answer's text as the last model writes it ({@link #answerText}).
 */
@FunctionalInterface
public interface Progress {

    Progress NONE = line -> { };

    void status(String line);

    /** Whether the client takes the answer's text piece by piece as it is written. */
    default boolean takesAnswerText() {
        return false;
    }

    /**
     * The next piece of the final answer, already in the mode's form; the pieces joined are the beginning of the
     * answer's content (the rest comes with the answer). Only called when {@link #takesAnswerText()}.
     */
    default void answerText(String piece) {
    }
}
