package io.moe.interfaces.tools;

import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseEventSink;

import java.util.concurrent.CompletionStage;

/** An {@link McpStream} over a Jakarta REST SSE sink. */
record SseMcpStream(SseEventSink sink, Sse sse) implements McpStream {

    @Override
    public CompletionStage<?> send(String event, String data) {
        return sink.send(sse.newEventBuilder().name(event).data(data).build());
    }

    @Override
    public CompletionStage<?> ping() {
        return sink.send(sse.newEventBuilder().comment("ping").build());
    }

    @Override
    public boolean isClosed() {
        return sink.isClosed();
    }

    @Override
    public void close() {
        sink.close();
    }
}
