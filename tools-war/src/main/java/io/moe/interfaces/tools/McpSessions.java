package io.moe.interfaces.tools;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseEventSink;

import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/** Open MCP SSE streams by session id; a session ends when its client goes away. */
@ApplicationScoped
public class McpSessions {

    static final int MAX_SESSIONS = 1000;

    /** One open stream and the caller who opened it (messages on it run as that caller). */
    public record Session(String id, SseEventSink sink, Sse sse, ToolCaller caller) {

        synchronized boolean send(String event, String data) {
            if (sink.isClosed()) {
                return false;
            }
            try {
                sink.send(sse.newEventBuilder().name(event).data(data).build()).toCompletableFuture().join();
                return true;
            } catch (RuntimeException e) {
                return false;
            }
        }
    }

    private final Map<String, Session> sessions = new ConcurrentHashMap<>();

    public Optional<Session> open(SseEventSink sink, Sse sse, ToolCaller caller) {
        sessions.values().removeIf(s -> s.sink().isClosed());
        if (sessions.size() >= MAX_SESSIONS) {
            return Optional.empty();
        }
        Session session = new Session(UUID.randomUUID().toString(), sink, sse, caller);
        sessions.put(session.id(), session);
        return Optional.of(session);
    }

    public Optional<Session> find(String id) {
        return Optional.ofNullable(id == null ? null : sessions.get(id)).filter(s -> !s.sink().isClosed());
    }

    public void close(String id) {
        Session s = sessions.remove(id);
        if (s != null) {
            s.sink().close();
        }
    }
}
