package io.moe.interfaces.tools;

import io.moe.domain.shared.Refusal.Kind;

import io.moe.domain.identity.Caller;
import io.moe.tools.ToolException;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** MCP sessions: per-user cap, idle reaping, dead streams noticed, slow readers never block a sender. */
class McpSessionsTest {

    /** A stream that records what was written; it can be made dead (writes fail) or stuck (writes never finish). */
    static final class FakeStream implements McpStream {
        final List<String> written = new ArrayList<>();
        volatile boolean dead;
        volatile boolean stuck;
        volatile boolean closed;
        final CompletableFuture<Void> never = new CompletableFuture<>();

        @Override
        public synchronized CompletionStage<?> send(String event, String data) {
            return write(event + ":" + data);
        }

        @Override
        public synchronized CompletionStage<?> ping() {
            return write(":ping");
        }

        private CompletionStage<?> write(String line) {
            if (stuck) {
                return never;
            }
            if (dead) {
                return CompletableFuture.failedFuture(new java.io.IOException("broken pipe"));
            }
            written.add(line);
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public boolean isClosed() {
            return closed;
        }

        @Override
        public void close() {
            closed = true;
            never.completeExceptionally(new java.io.IOException("closed"));
        }
    }

    private Instant now = Instant.parse("2026-01-01T10:00:00Z");

    private McpSessions sessions(int perUser) {
        McpSessions s = new McpSessions();
        s.maxSessions = 100;
        s.maxPerUser = perUser;
        s.idleTimeoutSeconds = 60;
        s.pingSeconds = 10;
        s.maxQueued = 4;
        s.sender = Runnable::run;
        s.clock = new Clock() {
            @Override
            public ZoneOffset getZone() {
                return ZoneOffset.UTC;
            }

            @Override
            public Clock withZone(java.time.ZoneId zone) {
                return this;
            }

            @Override
            public Instant instant() {
                return now;
            }
        };
        return s;
    }

    private static ToolCaller user(String id) {
        return new ToolCaller(new Caller(id, id, "k-" + id, false, Map.of(), null));
    }

    @Test
    void eachUserHasACapOfOpenSessionsAndOthersCanStillOpen() {
        McpSessions sessions = sessions(2);
        sessions.open(new FakeStream(), user("a"));
        sessions.open(new FakeStream(), user("a"));
        ToolException e = assertThrows(ToolException.class, () -> sessions.open(new FakeStream(), user("a")));
        assertEquals(Kind.TOO_MANY, e.kind());
        assertEquals("too_many_user_sessions", e.code());
        sessions.open(new FakeStream(), user("b"));
        sessions.open(new FakeStream(), ToolCaller.service());
    }

    @Test
    void anIdleSessionIsClosedAndItsSlotFreed() {
        McpSessions sessions = sessions(1);
        FakeStream idle = new FakeStream();
        McpSession session = sessions.open(idle, user("a"));
        now = now.plusSeconds(50);
        sessions.find(session.id());
        now = now.plusSeconds(50);
        sessions.reap();
        assertFalse(idle.closed, "used 50 s ago: not idle yet");
        assertTrue(idle.written.contains(":ping"));
        now = now.plusSeconds(61);
        sessions.reap();
        assertTrue(idle.closed);
        assertTrue(sessions.find(session.id()).isEmpty());
        sessions.open(new FakeStream(), user("a"));
    }

    @Test
    void aStreamWhoseClientWentAwayIsNoticedByThePing() {
        McpSessions sessions = sessions(1);
        FakeStream gone = new FakeStream();
        sessions.open(gone, user("a"));
        gone.dead = true;
        sessions.reap();
        assertEquals(0, sessions.count());
        sessions.open(new FakeStream(), user("a"));
    }

    @Test
    void aReaderThatDoesNotKeepUpNeverBlocksTheSenderAndIsClosedWhenItsOutboxOverflows() {
        ExecutorService writer = Executors.newSingleThreadExecutor();
        try {
            McpSessions sessions = sessions(1);
            sessions.sender = writer;
            FakeStream slow = new FakeStream();
            slow.stuck = true;
            McpSession session = sessions.open(slow, user("a"));
            int accepted = 0;
            for (int i = 0; i < 10; i++) {
                if (session.send("message", "{}")) {
                    accepted++;
                }
            }
            assertTrue(accepted <= 5, accepted + " events queued for a reader that reads nothing");
            assertFalse(session.isOpen());
            assertTrue(slow.closed);
        } finally {
            writer.shutdownNow();
        }
    }
}
