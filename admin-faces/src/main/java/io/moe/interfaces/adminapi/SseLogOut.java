package io.moe.interfaces.adminapi;

import io.moe.application.overview.ServerLog.Line;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.sse.OutboundSseEvent;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseEventSink;

import java.util.List;

/**
 * A log stream as server-sent events: one {@code log} event per line (data {@code {"time","level","text"}}, the id the
 * position to resume from with {@code Last-Event-ID}), an SSE comment to keep the connection alive.
 */
final class SseLogOut implements LogStreams.Out {

    private final SseEventSink sink;
    private final Sse sse;

    SseLogOut(SseEventSink sink, Sse sse) {
        this.sink = sink;
        this.sse = sse;
    }

    @Override
    public boolean closed() {
        return sink.isClosed();
    }

    @Override
    public void send(List<Line> lines, long next) {
        for (Line line : lines) {
            send(sse.newEventBuilder().name("log").id(Long.toString(next)).mediaType(MediaType.APPLICATION_JSON_TYPE)
                    .data(LogLines.json(line).toString()).build());
        }
    }

    @Override
    public void keepAlive() {
        send(sse.newEventBuilder().comment("keep-alive").build());
    }

    private void send(OutboundSseEvent event) {
        sink.send(event).whenComplete((done, failure) -> {
            if (failure != null) {
                close();
            }
        });
    }

    @Override
    public void close() {
        sink.close();
    }
}
