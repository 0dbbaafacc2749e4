package io.moe.interfaces.tools;

import java.time.Duration;
import java.time.Instant;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One open MCP stream and the caller who opened it (messages on it run as that caller). Sending never
 * blocks the caller: events wait in a bounded outbox that one task at a time writes to the stream on
 * the {@code sender} executor. A session whose client does not keep up (its outbox overflows, or a
 * write does not finish within {@link #WRITE_TIMEOUT}) or whose stream fails is closed; so is one that
 * has been idle too long (see {@link McpSessions}).
 */
final class McpSession {

    static final Duration WRITE_TIMEOUT = Duration.ofSeconds(30);
    private static final String PING = "\0ping";

    private record Outgoing(String event, String data) {
    }

    private final String id;
    private final ToolCaller caller;
    private final McpStream stream;
    private final Executor sender;
    private final int maxQueued;
    private final Queue<Outgoing> outbox = new ConcurrentLinkedQueue<>();
    private final AtomicInteger queued = new AtomicInteger();
    private final AtomicBoolean draining = new AtomicBoolean();
    private volatile boolean closed;
    private volatile Instant lastActive;

    McpSession(String id, ToolCaller caller, McpStream stream, Executor sender, int maxQueued, Instant now) {
        this.id = id;
        this.caller = caller;
        this.stream = stream;
        this.sender = sender;
        this.maxQueued = maxQueued;
        this.lastActive = now;
    }

    String id() {
        return id;
    }

    ToolCaller caller() {
        return caller;
    }

    /** Who the session counts against for the per-user cap: the user id, or "" for the service credential. */
    String owner() {
        return caller.isService() ? "" : caller.userId();
    }

    /** Queues one event; false when the session is closed or has just been closed for falling behind. */
    boolean send(String event, String data) {
        return enqueue(new Outgoing(event, data));
    }

    /** Queues a keep-alive comment; does not count as activity. */
    boolean ping() {
        return enqueue(new Outgoing(PING, null));
    }

    /** Records that the client used the session at {@code now}. */
    void touch(Instant now) {
        lastActive = now;
    }

    boolean idleSince(Instant cutoff) {
        return lastActive.isBefore(cutoff);
    }

    boolean isOpen() {
        return !closed && !stream.isClosed();
    }

    void close() {
        closed = true;
        outbox.clear();
        try {
            stream.close();
        } catch (RuntimeException alreadyGone) {
            // the client closed it first
        }
    }

    private boolean enqueue(Outgoing event) {
        if (!isOpen()) {
            return false;
        }
        if (queued.incrementAndGet() > maxQueued) {
            close();
            return false;
        }
        outbox.add(event);
        schedule();
        return true;
    }

    private void schedule() {
        if (draining.compareAndSet(false, true)) {
            try {
                sender.execute(this::drain);
            } catch (RejectedExecutionException e) {
                draining.set(false);
                close();
            }
        }
    }

    private void drain() {
        try {
            for (Outgoing next = outbox.poll(); next != null && isOpen(); next = outbox.poll()) {
                queued.decrementAndGet();
                (next.event() == PING ? stream.ping() : stream.send(next.event(), next.data()))
                        .toCompletableFuture().get(WRITE_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            close();
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            close();
        } finally {
            draining.set(false);
        }
        if (!outbox.isEmpty() && isOpen()) {
            schedule();
        }
    }
}
