package io.moe.interfaces.health;

import io.moe.application.overview.StoreState;
import io.moe.application.overview.StoreStates;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

/**
 * Readiness, store by store: each store's state (up, or down with the reason) and answer time, as {@link StoreStates}
 * last found them — at once, so a hung store never holds a probe. A started node answers without any one store (README,
 * "When a store is down": without PostgreSQL from the keys and templates it holds in memory, with usage rows waiting in
 * the journal), so a store that is down is reported and does not make the node unready; what a node cannot answer
 * without — its schema migrated at start — is {@link DatabaseReadiness}.
 */
@Readiness
@ApplicationScoped
public class StoresReadiness implements HealthCheck {

    @Inject
    StoreStates stores;

    @Override
    public HealthCheckResponse call() {
        HealthCheckResponseBuilder response = HealthCheckResponse.named("stores").up();
        for (StoreState state : stores.get().states()) {
            response.withData(state.store(), state.up() ? "up (" + state.latencyMs() + " ms)" : "down: " + state.detail());
        }
        return response.build();
    }
}
