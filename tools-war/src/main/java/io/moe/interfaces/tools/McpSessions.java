package io.moe.interfaces.tools;

import io.moe.domain.shared.Refusal.Kind;

import io.moe.tools.ToolException;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Open MCP sessions by id, within two caps: {@code moe.tools.mcp.max-sessions} for the server (503
 * {@code too_many_sessions}) and {@code moe.tools.mcp.max-sessions-per-user} for each user, the service
 * credential counting as one user (429 {@code too_many_user_sessions}). Every
 * {@code moe.tools.mcp.ping-seconds} a reaper closes sessions idle (no message posted) for longer than
 * {@code moe.tools.mcp.idle-timeout-seconds}, drops those whose stream has ended, and pings the rest, so a
 * client that went away without a word is noticed by the failing write and its slot freed.
 */
@ApplicationScoped
public class McpSessions {

    private static final Logger LOG = Logger.getLogger(McpSessions.class.getName());

    @Inject
    @ConfigProperty(name = "moe.tools.mcp.max-sessions", defaultValue = "1000")
    int maxSessions;

    @Inject
    @ConfigProperty(name = "moe.tools.mcp.max-sessions-per-user", defaultValue = "8")
    int maxPerUser;

    @Inject
    @ConfigProperty(name = "moe.tools.mcp.idle-timeout-seconds", defaultValue = "1800")
    long idleTimeoutSeconds;

    @Inject
    @ConfigProperty(name = "moe.tools.mcp.ping-seconds", defaultValue = "30")
    long pingSeconds;

    @Inject
    @ConfigProperty(name = "moe.tools.mcp.max-queued-events", defaultValue = "64")
    int maxQueued;

    @Resource
    ManagedScheduledExecutorService scheduler;

    Executor sender;
    Clock clock = Clock.systemUTC();
    private final Map<String, McpSession> sessions = new ConcurrentHashMap<>();
    private ScheduledFuture<?> reaper;

    @PostConstruct
    void start() {
        sender = scheduler;
        reaper = scheduler.scheduleAtFixedRate(this::reap, pingSeconds, pingSeconds, TimeUnit.SECONDS);
    }

    @PreDestroy
    void stop() {
        if (reaper != null) {
            reaper.cancel(false);
        }
        sessions.values().forEach(McpSession::close);
        sessions.clear();
    }

    /** A new session on {@code stream} for {@code caller}, or the refusal when a cap is reached. */
    synchronized McpSession open(McpStream stream, ToolCaller caller) {
        sessions.values().removeIf(s -> !s.isOpen());
        if (sessions.size() >= maxSessions) {
            throw new ToolException(Kind.UNAVAILABLE, "too_many_sessions", null, "too many open MCP sessions on this server; retry later");
        }
        McpSession session = new McpSession(UUID.randomUUID().toString(), caller, stream, sender, maxQueued, clock.instant());
        long mine = sessions.values().stream().filter(s -> s.owner().equals(session.owner())).count();
        if (mine >= maxPerUser) {
            throw new ToolException(Kind.TOO_MANY, "too_many_user_sessions", null, "you already have " + maxPerUser
                    + " open MCP sessions; close one (end its /mcp/sse stream) before opening another");
        }
        sessions.put(session.id(), session);
        return session;
    }

    /** The open session {@code id}; finding it counts as activity. */
    Optional<McpSession> find(String id) {
        Optional<McpSession> session = Optional.ofNullable(id == null ? null : sessions.get(id)).filter(McpSession::isOpen);
        session.ifPresent(s -> s.touch(clock.instant()));
        return session;
    }

    void close(String id) {
        McpSession s = sessions.remove(id);
        if (s != null) {
            s.close();
        }
    }

    /** Closes idle sessions, forgets ended ones and pings the others. */
    void reap() {
        try {
            sweep();
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Reaping MCP sessions failed; trying again at the next ping", e);
        }
    }

    private void sweep() {
        Instant cutoff = clock.instant().minus(Duration.ofSeconds(idleTimeoutSeconds));
        for (McpSession s : sessions.values()) {
            if (s.isOpen() && s.idleSince(cutoff)) {
                s.close();
            }
            if (s.isOpen()) {
                s.ping(); // a failed write closes the session; it is forgotten at the next sweep at the latest
            }
            if (!s.isOpen()) {
                sessions.remove(s.id(), s);
            }
        }
    }

    int count() {
        return sessions.size();
    }
}
