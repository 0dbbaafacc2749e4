package io.moe.interfaces.health;

import io.moe.application.overview.ServiceOverview;
import io.moe.application.overview.StoreState;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

import java.util.List;

/**
 * Readiness, store by store: each store's state (up, or down with the reason) and answer time, asked at
 * most every {@link #FRESH_MILLIS} ms so that probes never pile up on a hung store. A started node answers without
 * any one of them (README, "When a store is down": without PostgreSQL from the keys and templates it holds in memory,
 * with usage rows waiting in the journal), so a store that is down is reported and does not make the node unready;
 * what a node cannot answer without — its schema migrated at start — is {@link DatabaseReadiness}.
 */
@Readiness
@ApplicationScoped
public class StoresReadiness implements HealthCheck {

    static final long FRESH_MILLIS = 5000;

    @Inject
    ServiceOverview overview;

    private volatile Snapshot last;

    private record Snapshot(List<StoreState> stores, long atNanos) {
    }

    @Override
    public HealthCheckResponse call() {
        List<StoreState> stores = current();
        HealthCheckResponseBuilder response = HealthCheckResponse.named("stores").up();
        for (StoreState s : stores) {
            response.withData(s.store(), s.up() ? "up (" + s.latencyMs() + " ms)" : "down: " + s.detail());
        }
        return response.build();
    }

    private List<StoreState> current() {
        Snapshot s = last;
        if (s == null || System.nanoTime() - s.atNanos() > FRESH_MILLIS * 1_000_000) {
            s = new Snapshot(overview.stores(), System.nanoTime());
            last = s;
        }
        return s.stores();
    }
}
