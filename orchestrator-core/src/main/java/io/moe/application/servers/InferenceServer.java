package io.moe.application.servers;

import java.math.BigDecimal;
import java.net.URI;
import java.time.Duration;
import java.util.Optional;

/**
 * An enabled inference server as model calls use it: where it is, its bearer token (opened, in memory
 * only, never printed), how many calls it takes at once and how long one may take.
 */
public record InferenceServer(String name, URI url, ApiType apiType, Optional<String> token, int concurrency,
                              Duration timeout, BigDecimal costFactor) {

    @Override
    public String toString() {
        return "InferenceServer[" + name + " " + url + ", concurrency " + concurrency + ", timeout "
                + timeout.toSeconds() + " s" + (token.isPresent() ? ", with token" : "") + "]";
    }
}
