package io.moe.application.pipeline.run;

/**
 * Receives pipeline progress lines for the think panel of a streamed answer. Lines describe what the
 * pipeline does ("Planning…", "3 experts answered"), never prompts or other users' data.
 */
@FunctionalInterface
public interface Progress {

    Progress NONE = line -> { };

    void status(String line);
}
