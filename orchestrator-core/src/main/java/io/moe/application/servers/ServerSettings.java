package io.moe.application.servers;

import java.math.BigDecimal;
import java.net.URI;
import java.time.OffsetDateTime;

/**
 * One inference server as the registry keeps it. The bearer token is only ever held sealed here
 * ({@code sealedToken}, null when the server needs none); {@link InferenceServers} opens it for calls.
 */
public record ServerSettings(String id, String name, URI url, ApiType apiType, String sealedToken, int concurrency,
                             int timeoutSeconds, BigDecimal costFactor, boolean enabled, OffsetDateTime createdAt,
                             OffsetDateTime updatedAt) {

    public boolean hasToken() {
        return sealedToken != null;
    }

    @Override
    public String toString() {
        return "ServerSettings[" + name + " " + url + " " + apiType.wireName() + ", concurrency " + concurrency
                + ", timeout " + timeoutSeconds + " s" + (enabled ? "" : ", disabled") + "]";
    }
}
