package io.moe.interfaces.adminapi;

import io.moe.application.identity.IdentityException;
import io.moe.application.overview.ServerLog;
import io.moe.application.overview.ServerLog.Chunk;
import io.moe.application.overview.ServerLog.Level;
import io.moe.application.overview.ServerLog.Line;
import io.moe.domain.shared.Refusal.Kind;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The live log streams of the monitoring page and the API: each polls the server's log every {@link #POLL_MILLIS} on
 * the managed scheduler (no request thread waits) and hands the new lines that pass its level filter to its
 * {@link Out} (server-sent events or a WebSocket); a stack trace line goes with the entry it belongs to. A stream
 * starts with the log's last {@link #FIRST_LINES} lines (or where a reconnecting client left off), is told to keep
 * the connection alive every {@link #KEEP_ALIVE_MILLIS} when there is nothing new, and ends after
 * {@link #LIFETIME_MILLIS} (the client reconnects and resumes). At most {@link #MAX_STREAMS} run at once per node
 * (429 beyond).
 */
@ApplicationScoped
public class LogStreams {

    static final int MAX_STREAMS = 8;
    static final int FIRST_LINES = 200;
    static final long POLL_MILLIS = 500;
    static final long KEEP_ALIVE_MILLIS = 15_000;
    static final long LIFETIME_MILLIS = 10 * 60_000;

    /** Where a stream's lines go. Each method is called from one poll at a time. */
    interface Out {
        /** Whether the client has gone (the stream then ends). */
        boolean closed();

        /** Whether the client has taken what was sent before; else this poll reads nothing, and the lines wait in the log. */
        default boolean ready() {
            return true;
        }

        /** The lines of one poll that passed the filter (at least one); {@code next} is the position to resume from. */
        void send(List<Line> lines, long next);

        /** Nothing new for a while: something that keeps proxies from closing the connection. */
        void keepAlive();

        /** Ends the connection (the stream's lifetime is over, the client went away, or the node stops). */
        void close();
    }

    @Inject
    ServerLog log;

    @Resource
    ManagedScheduledExecutorService scheduler;

    private final Set<Stream> open = ConcurrentHashMap.newKeySet();

    /** Starts a stream into {@code out}; refused with 429 when {@link #MAX_STREAMS} are open on this node. */
    void open(Out out, Level filter, Long from) {
        Stream stream = new Stream(out, filter, from);
        synchronized (open) {
            if (open.size() >= MAX_STREAMS) {
                throw tooMany();
            }
            open.add(stream);
        }
        stream.start();
    }

    /** Whether another stream may open now (a WebSocket is refused before its upgrade, with a status the client sees). */
    void requireRoom() {
        if (open.size() >= MAX_STREAMS) {
            throw tooMany();
        }
    }

    private static IdentityException tooMany() {
        return new IdentityException(Kind.TOO_MANY, "too_many_log_streams", null,
                MAX_STREAMS + " log streams are open on this node; close one (another browser tab) and try again");
    }

    @PreDestroy
    void closeAll() {
        open.forEach(Stream::close);
    }

    private final class Stream {

        private final Out out;
        private final Level filter;
        private final long endsAt = System.currentTimeMillis() + LIFETIME_MILLIS;
        private Long position;
        private boolean lastPassed;
        private long lastSent = System.currentTimeMillis();
        private volatile ScheduledFuture<?> task;

        Stream(Out out, Level filter, Long position) {
            this.out = out;
            this.filter = filter;
            this.position = position;
        }

        void start() {
            task = scheduler.scheduleWithFixedDelay(this::poll, 0, POLL_MILLIS, TimeUnit.MILLISECONDS);
        }

        private void poll() {
            try {
                if (out.closed() || System.currentTimeMillis() > endsAt) {
                    close();
                    return;
                }
                if (!out.ready()) {
                    return;
                }
                Chunk chunk = position == null ? log.tail(FIRST_LINES) : log.after(position, ServerLog.MAX_LINES);
                position = chunk.next();
                List<Line> passed = new ArrayList<>();
                for (Line line : chunk.lines()) {
                    boolean passes = line.level() == Level.CONTINUED ? lastPassed : line.level().passes(filter);
                    lastPassed = passes;
                    if (passes) {
                        passed.add(line);
                    }
                }
                if (!passed.isEmpty()) {
                    out.send(passed, chunk.next());
                    lastSent = System.currentTimeMillis();
                } else if (System.currentTimeMillis() - lastSent >= KEEP_ALIVE_MILLIS) {
                    out.keepAlive();
                    lastSent = System.currentTimeMillis();
                }
            } catch (RuntimeException e) {
                close();
            }
        }

        void close() {
            open.remove(this);
            ScheduledFuture<?> t = task;
            if (t != null) {
                t.cancel(false);
            }
            try {
                out.close();
            } catch (RuntimeException alreadyGone) {
                // the client went away first
            }
        }
    }
}
