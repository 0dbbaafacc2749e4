package io.moe.interfaces.adminapi;

import io.moe.application.identity.IdentityException;
import io.moe.application.overview.ServerLog;
import io.moe.application.overview.ServerLog.Chunk;
import io.moe.application.overview.ServerLog.Level;
import io.moe.application.overview.ServerLog.Line;
import io.moe.domain.shared.Jsonp;
import io.moe.domain.shared.Refusal.Kind;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseEventSink;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The live log streams of the monitoring page: each polls the server's log every {@link #POLL_MILLIS} on the
 * managed scheduler (no request thread waits) and sends the new lines that pass its level filter; a stack
 * trace line goes with the entry it belongs to. A stream starts with the log's last {@link #FIRST_LINES}
 * lines (or where a reconnecting client left off), sends a comment every {@link #KEEP_ALIVE_MILLIS} when
 * there is nothing new, and ends after {@link #LIFETIME_MILLIS} (the browser's EventSource reconnects and
 * resumes). At most {@link #MAX_STREAMS} run at once per node (429 beyond).
 */
@ApplicationScoped
public class LogStreams {

    static final int MAX_STREAMS = 8;
    static final int FIRST_LINES = 200;
    static final long POLL_MILLIS = 500;
    static final long KEEP_ALIVE_MILLIS = 15_000;
    static final long LIFETIME_MILLIS = 10 * 60_000;

    @Inject
    ServerLog log;

    @Resource
    ManagedScheduledExecutorService scheduler;

    private final Set<Stream> open = ConcurrentHashMap.newKeySet();

    void open(SseEventSink sink, Sse sse, Level filter, Long from) {
        Stream stream = new Stream(sink, sse, filter, from);
        synchronized (open) {
            if (open.size() >= MAX_STREAMS) {
                throw new IdentityException(Kind.TOO_MANY, "too_many_log_streams", null,
                        MAX_STREAMS + " log streams are open on this node; close one (another browser tab) and try again");
            }
            open.add(stream);
        }
        stream.start();
    }

    @PreDestroy
    void closeAll() {
        open.forEach(Stream::close);
    }

    private final class Stream {

        private final SseEventSink sink;
        private final Sse sse;
        private final Level filter;
        private final long endsAt = System.currentTimeMillis() + LIFETIME_MILLIS;
        private Long position;
        private boolean lastPassed;
        private long lastSent = System.currentTimeMillis();
        private volatile ScheduledFuture<?> task;

        Stream(SseEventSink sink, Sse sse, Level filter, Long position) {
            this.sink = sink;
            this.sse = sse;
            this.filter = filter;
            this.position = position;
        }

        void start() {
            task = scheduler.scheduleWithFixedDelay(this::poll, 0, POLL_MILLIS, TimeUnit.MILLISECONDS);
        }

        private void poll() {
            try {
                if (sink.isClosed() || System.currentTimeMillis() > endsAt) {
                    close();
                    return;
                }
                Chunk chunk = position == null ? log.tail(FIRST_LINES) : log.after(position, ServerLog.MAX_LINES);
                position = chunk.next();
                boolean sent = false;
                for (Line line : chunk.lines()) {
                    boolean passes = line.level() == Level.CONTINUED ? lastPassed : line.level().passes(filter);
                    lastPassed = passes;
                    if (passes) {
                        send(sse.newEventBuilder().name("log").id(Long.toString(chunk.next())).mediaType(MediaType.APPLICATION_JSON_TYPE)
                                .data(Jsonp.createObjectBuilder().add("time", line.time()).add("level", line.level().wireName())
                                        .add("text", line.text()).build().toString()).build());
                        sent = true;
                    }
                }
                if (sent) {
                    lastSent = System.currentTimeMillis();
                } else if (System.currentTimeMillis() - lastSent >= KEEP_ALIVE_MILLIS) {
                    send(sse.newEventBuilder().comment("keep-alive").build());
                    lastSent = System.currentTimeMillis();
                }
            } catch (RuntimeException e) {
                close();
            }
        }

        private void send(jakarta.ws.rs.sse.OutboundSseEvent event) {
            sink.send(event).whenComplete((done, failure) -> {
                if (failure != null) {
                    close();
                }
            });
        }

        void close() {
            open.remove(this);
            ScheduledFuture<?> t = task;
            if (t != null) {
                t.cancel(false);
            }
            try {
                sink.close();
            } catch (RuntimeException alreadyGone) {
                // the client went away first
            }
        }
    }
}
