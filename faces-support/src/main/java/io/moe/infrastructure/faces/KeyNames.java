package io.moe.infrastructure.faces;

import io.moe.domain.identity.ApiKey;

import java.util.Collection;
import java.util.HashMap;
import java.util.Map;

/**
 * How a usage table names the key a request was made with, as the key tables show a key: its label, and its prefix
 * under it ("moe-sk-1a2b3c4d5e…"); "–" for a request made without a key (a signed-in session or a token).
 */
public final class KeyNames {

    private final Map<String, ApiKey> byId = new HashMap<>();

    /** Names among {@code keys}: the user's keys, revoked ones too (their requests stay in the log). */
    public KeyNames(Collection<ApiKey> keys) {
        keys.forEach(k -> byId.put(k.id(), k));
    }

    /** The key's label; "" when it has none or is not one of the keys. */
    public String labelOf(String apiKeyId) {
        ApiKey key = apiKeyId == null ? null : byId.get(apiKeyId);
        return key == null || key.label() == null ? "" : key.label();
    }

    /** The key's prefix as the key tables show it; "a deleted key" when it is no longer one of the keys. */
    public String prefixOf(String apiKeyId) {
        if (apiKeyId == null || apiKeyId.isBlank()) {
            return "–";
        }
        ApiKey key = byId.get(apiKeyId);
        // usage rows are the user's own: a key not among their keys is one deleted since (the newest 200 revoked or
        // expired keys are kept)
        return key == null ? "a deleted key" : key.keyPrefix() + "…";
    }
}
