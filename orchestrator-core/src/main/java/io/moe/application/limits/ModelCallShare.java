package io.moe.application.limits;

import io.moe.application.pipeline.Cancellation;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * One user's share of this node's model-call slots: at most {@code moe.limits.model-calls-per-user}
 * calls of a user run or wait for a slot at once, and never more than one below the slot count
 * ({@code moe.inference.concurrency}), so a user who floods the service always leaves a slot for everyone
 * else, while a single request's experts still run in parallel. Waiting stops when the request is cancelled.
 */
@ApplicationScoped
public class ModelCallShare {

    private static final long POLL_MILLIS = 200;

    @Inject
    RequestLimits limits;

    @Inject
    @ConfigProperty(name = "moe.inference.concurrency", defaultValue = "5")
    int slots;

    private final Map<String, Semaphore> perUser = new ConcurrentHashMap<>();

    /** For CDI. */
    public ModelCallShare() {
    }

    /** A share over {@code slots} model slots, outside a container. */
    public ModelCallShare(RequestLimits limits, int slots) {
        this.limits = limits;
        this.slots = slots;
    }

    /** Waits for one of {@code userId}'s places; throws when {@code cancellation} is triggered meanwhile. */
    public void acquire(String userId, Cancellation cancellation) {
        Semaphore places = perUser.computeIfAbsent(userId, u -> new Semaphore(share(), true));
        try {
            while (!places.tryAcquire(POLL_MILLIS, TimeUnit.MILLISECONDS)) {
                cancellation.checkpoint();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            cancellation.cancel("interrupted while waiting for a model slot");
            cancellation.checkpoint();
        }
    }

    /** The setting, but at most one below the slot count (and at least one). */
    int share() {
        return Math.max(1, Math.min(limits.modelCallsPerUser, slots - 1));
    }

    public void release(String userId) {
        perUser.get(userId).release();
    }
}
