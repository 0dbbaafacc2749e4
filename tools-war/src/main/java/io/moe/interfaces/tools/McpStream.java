package io.moe.interfaces.tools;

import java.util.concurrent.CompletionStage;

/** Where an MCP session's events go: the server-sent-events stream its client holds open. */
interface McpStream {

    /** Sends one named event; the stage completes when it is written, exceptionally when it cannot be. */
    CompletionStage<?> send(String event, String data);

    /** Sends a comment line that clients ignore, so a stream whose client went away fails and is noticed. */
    CompletionStage<?> ping();

    boolean isClosed();

    void close();
}
