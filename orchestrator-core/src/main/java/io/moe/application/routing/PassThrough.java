package io.moe.application.routing;

import io.moe.application.servers.InferenceServer;

import java.time.Duration;

/**
 * Port: the OpenAI-compatible chat endpoint of an inference server ({@code POST /v1/chat/completions},
 * which Ollama serves too), spoken to with the client's own body. Each exchange holds one of the
 * server's slots ({@code concurrency}) until it is answered or closed. A server that cannot be reached
 * or does not answer within its timeout fails with {@code InferenceException}.
 */
public interface PassThrough {

    /** Sends {@code body}; answers the server's status and whole body. */
    Reply complete(InferenceServer server, String body);

    /** Sends a streamed {@code body}; the reply must be closed, which frees the connection and the slot. */
    StreamReply stream(InferenceServer server, String body);

    /** What a retry decision reads of any reply: its status and {@code Retry-After} in seconds (-1: none). */
    interface Answered {

        int status();

        long retryAfterSeconds();
    }

    /** The server's status and body, with its {@code Retry-After} in seconds (-1: none). */
    record Reply(int status, String body, long retryAfterSeconds) implements Answered {

        public Reply(int status, String body) {
            this(status, body, -1);
        }
    }

    /** A streamed reply: on a 2xx status its server-sent event lines, else the error body. */
    interface StreamReply extends Answered, AutoCloseable {

        @Override
        int status();

        /**
         * The next line of the event stream (2xx only); null at its end, and also when the server broke it off (a reset
         * or cut connection), so a stream that ends without {@code [DONE]} is one that did not complete, however it ended.
         */
        String nextLine();

        /**
         * The next line as {@link #nextLine()} gives it, but while the server sends nothing {@code whileQuiet} runs after
         * each {@code quiet} period, so a client waiting for a long prompt to be read can be told the answer is still
         * coming; the server's own timeout still ends a stream it stopped sending. What {@code whileQuiet} throws ends the
         * wait and comes out of this call.
         */
        String nextLine(Duration quiet, Runnable whileQuiet);

        /**
         * Gives the stream up from the caller's side, from any thread: a {@link #nextLine} waiting returns null at once,
         * and so does every later one. Unlike a server that breaks off or stalls, this counts nothing against the server.
         */
        void stop();

        /** The error body (non-2xx only). */
        String errorBody();

        /** Whether the stream ended because the server sent nothing within its timeout (not a cut connection, not a stop). */
        default boolean stalled() {
            return false;
        }

        /** The server's {@code Retry-After} in seconds, -1 when it sent none. */
        @Override
        default long retryAfterSeconds() {
            return -1;
        }

        @Override
        void close();
    }
}
