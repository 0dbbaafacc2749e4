package io.moe.application.servers;

import java.time.Instant;
import java.util.List;

/**
 * What the last probe of a server found: whether it answered its model list, the error when it did not,
 * how long the probe took, the models it listed, and when.
 */
public record ServerHealth(boolean healthy, String lastError, long latencyMs, List<String> models, Instant checkedAt) {

    public ServerHealth {
        models = List.copyOf(models);
    }

    static ServerHealth up(long latencyMs, List<String> models) {
        return new ServerHealth(true, null, latencyMs, models, Instant.now());
    }

    /** Down, keeping the models last seen so that an outage does not make them vanish from listings. */
    static ServerHealth down(long latencyMs, String error, ServerHealth before) {
        return new ServerHealth(false, error, latencyMs, before == null ? List.of() : before.models(), Instant.now());
    }
}
