package io.moe.application.identity;

import java.time.Duration;
import java.util.Optional;

/**
 * The counters behind {@link SignInThrottle}, shared by every node: sign-in attempts per client address,
 * and per username and client address. A counter starts its window at its first attempt and is gone when
 * the window is over. Every method fails with a runtime exception when the counters cannot be reached.
 */
public interface SignInCounters {

    /** Counts one attempt from {@code address} in a window of {@code window}; returns the attempts so far. */
    long countFromAddress(String address, Duration window);

    /** Counts one attempt of {@code username} from {@code address} in a window of {@code window}; returns the attempts so far. */
    long countOfUser(String username, String address, Duration window);

    /** How long the window of {@code username} from {@code address} still runs; empty when it has no counter. */
    Optional<Duration> remaining(String username, String address);

    /** Forgets the attempts of {@code username} from {@code address}. */
    void reset(String username, String address);
}
