package io.moe.application.servers;

import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The rate-limit headers every answer of a server carries, passed on to {@link ProviderLimits} (shared by the nodes, read
 * by {@code GET /v1/provider-status}) at most once per {@link #WRITE_EVERY} and server, off the request thread: each write
 * takes the latest state seen, so the status is at most that much behind and a busy server costs no store write per
 * request. A 429 is written at once, since it is what the status is for.
 */
@ApplicationScoped
public class RateLimitReports {

    static final Duration WRITE_EVERY = Duration.ofSeconds(1);
    static final int THROTTLED = 429;

    @Inject
    ProviderLimits limits;

    @Resource
    ManagedScheduledExecutorService scheduler;

    /** The latest state of each server not written yet; a write is scheduled while a server has one. */
    private final Map<String, RateLimitState> unwritten = new ConcurrentHashMap<>();

    public void observe(String server, RateLimitState state) {
        if (state.status() == THROTTLED) {
            unwritten.remove(server);
            limits.observe(server, state);
            return;
        }
        if (unwritten.put(server, state) == null) {
            scheduler.schedule(() -> write(server), WRITE_EVERY.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    private void write(String server) {
        RateLimitState latest = unwritten.remove(server);
        if (latest != null) {
            limits.observe(server, latest);
        }
    }
}
