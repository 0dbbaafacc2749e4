package io.moe.application.servers;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A circuit breaker per inference server (per node): after {@value #FAILURES_TO_OPEN} failed calls in a row
 * the server is probed at once (its model list); if the probe fails too, the server is left alone for
 * {@link #OPEN_FOR}, so requests fail at once instead of each waiting for its timeout; then one trial call
 * goes out, and its outcome closes or opens the breaker again. A server that answers its probe stays in use:
 * requests that fail one by one (a bad prompt, a model that errs) do not take a working server away.
 * {@code GET /api/servers} shows each server's state.
 */
@ApplicationScoped
public class ServerBreakers {

    static final int FAILURES_TO_OPEN = 5;
    static final Duration OPEN_FOR = Duration.ofSeconds(30);

    /** What a breaker lets through. */
    public enum State {
        CLOSED, OPEN, HALF_OPEN;

        public String wireName() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    @Inject
    ServerProbes probes;

    private final Map<String, Breaker> byServer = new ConcurrentHashMap<>();
    private final long openNanos;

    public ServerBreakers() {
        this(OPEN_FOR);
    }

    /** Breakers that stay open for {@code openFor}, for code that runs without a container. */
    public ServerBreakers(Duration openFor) {
        this.openNanos = openFor.toNanos();
    }

    /** Whether a call to {@code server} may go out now (the one trial call of a half-open breaker included). */
    public boolean allows(String server) {
        return breaker(server).allows();
    }

    public void succeeded(String server) {
        breaker(server).succeeded();
    }

    public void failed(String server) {
        if (breaker(server).failed() && answersItsProbe(server)) {
            breaker(server).succeeded();
        }
    }

    private boolean answersItsProbe(String server) {
        return probes != null && probes.probe(server).map(ServerHealth::healthy).orElse(false);
    }

    /** A call that {@link #allows} let through did not go out after all; a half-open breaker may try again. */
    public void untried(String server) {
        Breaker b = byServer.get(server);
        if (b != null) {
            b.untried();
        }
    }

    public State state(String server) {
        Breaker b = byServer.get(server);
        return b == null ? State.CLOSED : b.state();
    }

    /** Seconds until an open breaker lets a trial call through (0 when it is not open). */
    public long secondsOpen(String server) {
        Breaker b = byServer.get(server);
        return b == null ? 0 : b.secondsLeft();
    }

    private Breaker breaker(String server) {
        return byServer.computeIfAbsent(server, s -> new Breaker());
    }

    private final class Breaker {
        private int failures;
        private long openedAt;
        private boolean open;
        private boolean trialOut;

        synchronized boolean allows() {
            if (!open) {
                return true;
            }
            if (System.nanoTime() - openedAt >= openNanos && !trialOut) {
                trialOut = true;
                return true;
            }
            return false;
        }

        synchronized void succeeded() {
            failures = 0;
            open = false;
            trialOut = false;
        }

        /** Counts a failure; true when the breaker opened (the caller may still close it again). */
        synchronized boolean failed() {
            failures++;
            if (trialOut || failures >= FAILURES_TO_OPEN) {
                open = true;
                openedAt = System.nanoTime();
                trialOut = false;
                return true;
            }
            return false;
        }

        synchronized void untried() {
            trialOut = false;
        }

        synchronized State state() {
            if (!open) {
                return State.CLOSED;
            }
            return System.nanoTime() - openedAt >= openNanos ? State.HALF_OPEN : State.OPEN;
        }

        synchronized long secondsLeft() {
            return open ? Math.max(0, (openNanos - (System.nanoTime() - openedAt)) / 1_000_000_000L) : 0;
        }
    }
}
