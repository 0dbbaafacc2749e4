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
 * most every {@link #FRESH_MILLIS} ms so that probes never pile up on a hung store. Only PostgreSQL is
 * needed to answer (keys, users, usage); without Redis, Kafka or Neo4j the service degrades (README,
 * "When a store is down") but answers, so those are reported and do not make the node unready.
 */
@Readiness
@ApplicationScoped
public class StoresReadiness implements HealthCheck {

    static final long FRESH_MILLIS = 5000;
    static final String REQUIRED = "PostgreSQL";

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
            if (!s.up() && REQUIRED.equals(s.store())) {
                response.down();
            }
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
