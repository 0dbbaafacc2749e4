package io.moe.application.limits;

import io.moe.domain.shared.Failures;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;

/**
 * The places of running chat requests: a user may have at most {@code moe.limits.concurrent-requests-per-user}
 * requests running on all nodes (the place is taken when the request is admitted, see
 * {@link io.moe.application.spend.Admission}); the rest are refused with 429 and a {@code Retry-After}. The places this
 * node holds are renewed every {@link #RENEW_EVERY} while their requests run (see {@link InFlightRequests#LEASE}).
 */
@ApplicationScoped
public class RequestGate {

    static final int RETRY_AFTER_SECONDS = 5;
    static final Duration RENEW_EVERY = InFlightRequests.LEASE.dividedBy(4);
    private static final Logger LOG = Logger.getLogger(RequestGate.class.getName());

    @Inject
    InFlightRequests inFlight;

    @Inject
    RequestLimits limits;

    @Resource
    ManagedScheduledExecutorService scheduler;

    private final Set<Pass> held = ConcurrentHashMap.newKeySet();
    private ScheduledFuture<?> renewal;

    /** For the container. */
    RequestGate() {
    }

    /** A gate over {@code inFlight}, renewing nothing by itself (for tests of what uses it). */
    public RequestGate(InFlightRequests inFlight, RequestLimits limits) {
        this.inFlight = inFlight;
        this.limits = limits;
    }

    @PostConstruct
    void startRenewing() {
        if (scheduler != null) {
            renewal = scheduler.scheduleWithFixedDelay(this::renewHeld, RENEW_EVERY.toMillis(), RENEW_EVERY.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    @PreDestroy
    void stopRenewing() {
        if (renewal != null) {
            renewal.cancel(false);
        }
    }

    /**
     * Renews the lease of every place this node holds, and takes again a place the store dropped as stale during an
     * outage (else a user's long requests would stop counting once it is back); a place let go while it was taken again
     * is given back once more, since its release may have come first. A renewal never revives a place given back, so one
     * that Redis runs late (after its answer timed out) is harmless. A store that cannot be reached is tried again next time.
     */
    void renewHeld() {
        for (Pass pass : held) {
            try {
                if (inFlight.renew(pass.userId(), pass.requestId()) || !held.contains(pass)) {
                    continue;
                }
                inFlight.restore(pass.userId(), pass.requestId());
                if (!held.contains(pass)) {
                    inFlight.forget(pass.userId(), pass.requestId());
                }
            } catch (RuntimeException e) {
                LOG.warning(() -> "Could not renew the in-flight places of this node: " + Failures.describe(e));
                return;
            }
        }
    }

    /** A place taken by one request; give it back with {@link #leave(Pass)} when the request ends. */
    public record Pass(String userId, String requestId, boolean counted) {
    }

    /** The most requests one user may have running on all nodes. */
    public int limit() {
        return limits.concurrentRequestsPerUser;
    }

    /** The refusal of a request whose user already has {@link #limit()} requests running. */
    public TooManyRequestsException refusal() {
        return new TooManyRequestsException("you already have " + limit() + " requests running "
                + "(moe.limits.concurrent-requests-per-user); wait for one to finish and retry", RETRY_AFTER_SECONDS);
    }

    /** A place just taken in the shared store; this node renews it until {@link #letGo}. */
    public Pass hold(String userId, String requestId) {
        Pass pass = new Pass(userId, requestId, true);
        held.add(pass);
        return pass;
    }

    /** Stops renewing a place (it is being given back). */
    public void letGo(Pass pass) {
        held.remove(pass);
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
}
