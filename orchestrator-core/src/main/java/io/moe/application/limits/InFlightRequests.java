package io.moe.application.limits;

/**
 * The chat requests each user has running, shared by every node, so that one user's flood cannot take
 * the pipeline from everyone else. A place is a lease: the node running the request renews it while the
 * request runs ({@link #renew}), and a place not renewed for {@link #LEASE} no longer counts, so a node that
 * dies mid-request gives its users' places back within a minute. Places are taken and given back together with
 * a token reservation ({@link io.moe.application.spend.AdmissionCounters}).
 */
public interface InFlightRequests {

    /** How long a place counts without being renewed. */
    java.time.Duration LEASE = java.time.Duration.ofSeconds(60);

    /** Keeps the place of {@code requestId} for another {@link #LEASE}; false when it is not there (a place given back stays so). */
    boolean renew(String userId, String requestId);

    /**
     * Takes the place of {@code requestId} again, after it was dropped as stale while the request ran on (an outage of the
     * store that outlasted the lease); the node gives back a place it let go meanwhile ({@link #forget}).
     */
    void restore(String userId, String requestId);

    /** Gives the place of {@code requestId} back: a restore that raced with the request's release must not keep it. */
    void forget(String userId, String requestId);

    /** How many requests {@code userId} has running now, on all nodes. */
    int running(String userId);
}
