package io.moe.application.tools;

import java.util.List;

/**
 * Port: the tool server's recent calls, newest first, for the admin's {@code /mcp-tools} page. Bounded: only the
 * newest {@link #KEPT} calls are kept, older ones drop out. Recording never fails a tool call: an adapter that
 * cannot write logs the problem and returns.
 */
public interface ToolCallLog {

    /** How many calls are kept. */
    int KEPT = 500;

    void record(ToolCall call);

    /** The newest {@code n} calls (at most {@link #KEPT}), newest first. */
    List<ToolCall> recent(int n);
}
