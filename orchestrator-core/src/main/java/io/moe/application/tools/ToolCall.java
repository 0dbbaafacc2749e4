package io.moe.application.tools;

import java.time.Instant;

/**
 * One call of a tool as the call log keeps it: when, who (a username, or {@code orchestrator} for the pipeline's
 * service credential), which tool, whether it answered, a short result or the refusal, and how long it took.
 */
public record ToolCall(Instant at, String caller, String tool, boolean ok, String outcome, long millis) {

    /** Longest outcome kept; a longer result is cut (the call log is for people, not a copy of the results). */
    public static final int MAX_OUTCOME_CHARS = 300;
    static final int MAX_NAME_CHARS = 100;

    public ToolCall {
        caller = cut(caller == null ? "?" : caller, MAX_NAME_CHARS);
        tool = cut(tool == null ? "?" : tool, MAX_NAME_CHARS);
        outcome = cut(outcome == null ? "" : outcome, MAX_OUTCOME_CHARS);
    }

    private static String cut(String text, int max) {
        return text.length() > max ? text.substring(0, max - 1) + "…" : text;
    }
}
