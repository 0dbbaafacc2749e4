package io.moe.application.limits;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.logging.Logger;

/**
 * Admits a user's chat request only while that user has fewer than
 * {@code moe.limits.concurrent-requests-per-user} requests running on all nodes; the rest are refused
 * with 429 and a {@code Retry-After}. When the shared store cannot be reached the gate lets requests
 * through (logged): it is a fairness measure, and budgets stay enforced on their own.
 */
@ApplicationScoped
public class RequestGate {

    static final int RETRY_AFTER_SECONDS = 5;
    private static final Logger LOG = Logger.getLogger(RequestGate.class.getName());

    @Inject
    InFlightRequests inFlight;

    @Inject
    RequestLimits limits;

    /** A place taken by one request; give it back with {@link #leave(Pass)} when the request ends. */
    public record Pass(String userId, String requestId, boolean counted) {
    }

    public Pass enter(String userId, String requestId) {
        int limit = limits.concurrentRequestsPerUser;
        boolean entered;
        try {
            entered = inFlight.tryEnter(userId, requestId, limit);
        } catch (RuntimeException e) {
            LOG.warning(() -> "In-flight request counts unavailable, admitting a request of " + userId + ": " + e.getMessage());
            return new Pass(userId, requestId, false);
        }
        if (!entered) {
            throw new TooManyRequestsException("you already have " + limit + " requests running "
                    + "(moe.limits.concurrent-requests-per-user); wait for one to finish and retry", RETRY_AFTER_SECONDS);
        }
        return new Pass(userId, requestId, true);
    }

    /** The user's requests running now and the limit; {@code running} is -1 when the shared store cannot say. */
    public record Load(int running, int limit) {

        public boolean full() {
            return running >= limit;
        }
    }

    public Load load(String userId) {
        try {
            return new Load(inFlight.running(userId), limits.concurrentRequestsPerUser);
        } catch (RuntimeException e) {
            return new Load(-1, limits.concurrentRequestsPerUser);
        }
    }

    public void leave(Pass pass) {
        if (!pass.counted()) {
            return;
        }
        try {
            inFlight.leave(pass.userId(), pass.requestId());
        } catch (RuntimeException e) {
            LOG.warning(() -> "Could not free the in-flight place of " + pass.requestId() + " (it expires by itself): " + e.getMessage());
        }
    }
}
