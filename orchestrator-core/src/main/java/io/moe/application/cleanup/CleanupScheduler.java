package io.moe.application.cleanup;

import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Asks every minute, on the container's managed scheduled executor, which cleanup jobs are due. Every node asks;
 * {@link CleanupStore#claimDue} lets exactly one node run each due run. Started once, however many modules ask.
 */
@ApplicationScoped
public class CleanupScheduler {

    static final long TICK_SECONDS = 60;

    @Inject
    CleanupService cleanup;

    @Resource
    ManagedScheduledExecutorService scheduler;

    private ScheduledFuture<?> ticking;

    public synchronized void start() {
        if (ticking == null) {
            ticking = scheduler.scheduleWithFixedDelay(cleanup::runDue, TICK_SECONDS, TICK_SECONDS, TimeUnit.SECONDS);
        }
    }

    @PreDestroy
    synchronized void stop() {
        if (ticking != null) {
            ticking.cancel(false);
        }
    }
}
