package io.moe.application.servers;

import java.util.Map;
import java.util.Optional;

/**
 * Port: the rate-limit state each inference server last reported, shared by every node (an observation on
 * one node is what {@code GET /v1/provider-status} answers on all of them). Failures of the store are the
 * adapter's to absorb: observing never fails a request.
 */
public interface ProviderLimits {

    /** Keeps {@code state} as the latest of {@code server}. */
    void observe(String server, RateLimitState state);

    /** The latest state of {@code server}, if one was seen recently. */
    Optional<RateLimitState> latest(String server);

    /** The latest state of each of {@code servers} that has one. */
    default Map<String, RateLimitState> latest(Iterable<String> servers) {
        Map<String, RateLimitState> all = new java.util.LinkedHashMap<>();
        for (String server : servers) {
            latest(server).ifPresent(s -> all.put(server, s));
        }
        return all;
    }
}
