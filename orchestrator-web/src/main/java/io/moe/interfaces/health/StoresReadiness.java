package io.moe.interfaces.health;

import io.moe.application.overview.ServiceOverview;
import io.moe.application.overview.StoreState;
import io.moe.application.refresh.Refreshed;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * Readiness, store by store: each store's state (up, or down with the reason) and answer time. A probe answers at once
 * with the states last found: when they are older than {@link #FRESH} the stores are asked again in the background
 * ({@link Refreshed}: one asking at a time, each store given {@code ServiceOverview.PROBE_SECONDS}), so a hung store
 * never holds a probe, whose caller (an orchestrator's, with a timeout of about a second) would take the node for
 * failed. The first asking starts with the application; only a probe before it ended waits for it. A started node
 * answers without any one store (README, "When a store is down": without PostgreSQL from the keys and templates it
 * holds in memory, with usage rows waiting in the journal), so a store that is down is reported and does not make the
 * node unready; what a node cannot answer without — its schema migrated at start — is {@link DatabaseReadiness}.
 */
@Readiness
@ApplicationScoped
public class StoresReadiness implements HealthCheck {

    static final Duration FRESH = Duration.ofSeconds(5);

    @Inject
    ServiceOverview overview;

    @Resource(lookup = "java:comp/DefaultManagedExecutorService")
    ManagedExecutorService background;

    private final Refreshed<List<StoreState>> states;

    public StoresReadiness() {
        states = new Refreshed<>("stores' states", () -> overview.storesChecked().join(), () -> FRESH, () -> background);
    }

    /** For tests: {@code ask} gives the stores' states, {@code background} runs the askings, {@code nanos} is the clock. */
    StoresReadiness(Supplier<List<StoreState>> ask, Executor background, LongSupplier nanos) {
        this.states = new Refreshed<>("stores' states", ask, () -> FRESH, () -> background, nanos);
    }

    /** The first asking, while the rest of the application starts: its answers are there for the first probe. */
    void onStart(@Observes @Initialized(ApplicationScoped.class) Object event) {
        states.readSoon();
    }

    @Override
    public HealthCheckResponse call() {
        HealthCheckResponseBuilder response = HealthCheckResponse.named("stores").up();
        for (StoreState state : states()) {
            response.withData(state.store(), state.up() ? "up (" + state.latencyMs() + " ms)" : "down: " + state.detail());
        }
        return response.build();
    }

    /** The states last found, asked again in the background when they are old; waits only for the first. */
    List<StoreState> states() {
        return states.get();
    }
}
