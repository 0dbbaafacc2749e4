package io.moe.application.limits;

/**
 * The chat requests each user has running, shared by every node, so that one user's flood cannot take
 * the pipeline from everyone else. Entries expire on their own, so a node that dies mid-request does not
 * hold its user's places for ever.
 */
public interface InFlightRequests {

    /** Takes a place for {@code requestId} if {@code userId} has fewer than {@code limit} requests running; false otherwise. */
    boolean tryEnter(String userId, String requestId, int limit);

    /** Gives the place of {@code requestId} back. */
    void leave(String userId, String requestId);

    /** How many requests {@code userId} has running now, on all nodes. */
    int running(String userId);
}
