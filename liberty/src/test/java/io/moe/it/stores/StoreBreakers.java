package io.moe.it.stores;

import io.moe.it.Http;
import io.moe.it.ItConfig;
import io.moe.it.identity.Admin;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;

/** A store's own circuit breaker as {@code GET /api/monitoring/summary} shows it to an operator. */
final class StoreBreakers {

    private StoreBreakers() {
    }

    /** The breaker of {@code store} ("PostgreSQL", "Redis", "Neo4j"): name, kind, state and how often it opened. */
    static JsonObject of(String store) {
        for (JsonValue b : Http.object(Admin.get(ItConfig.adminUrl() + "/api/monitoring/summary")).getJsonArray("breakers")) {
            if (b instanceof JsonObject o && o.getString("name").equals(store) && o.getString("kind").equals("store")) {
                return o;
            }
        }
        throw new AssertionError("the monitoring summary lists no breaker of " + store);
    }
}
