package io.moe.interfaces.health;

import io.moe.application.overview.ServiceOverview;
import io.moe.application.overview.StoreState;
import io.moe.application.refresh.Refreshed;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
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
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * Readiness, store by store: each store's state (up, or down with the reason) and answer time. The stores are asked in
 * the background ({@link Refreshed}: one asking at a time, each store given {@code ServiceOverview.PROBE_SECONDS}) when
 * the application starts and every {@link #FRESH} after that, and again when a probe finds the states older than that;
 * a probe answers at once with the states last found, so a hung store never holds a probe, whose caller (an
 * orchestrator's, with a timeout of about a second) would take the node for failed. Only a probe before the first asking
 * ended waits for it. A started node answers without any one store (README, "When a store is down": without PostgreSQL
 * from the keys and templates it holds in memory, with usage rows waiting in the journal), so a store that is down is
 * reported and does not make the node unready; what a node cannot answer without — its schema migrated at start — is
 * {@link DatabaseReadiness}.
 */
@Readiness
@ApplicationScoped
public class StoresReadiness implements HealthCheck {

    static final Duration FRESH = Duration.ofSeconds(5);

    @Inject
    ServiceOverview overview;

    @Resource(lookup = "java:comp/DefaultManagedExecutorService")
    ManagedExecutorService background;

    @Resource(lookup = "java:comp/DefaultManagedScheduledExecutorService")
    ManagedScheduledExecutorService scheduler;

    private final Refreshed<List<StoreState>> states;
    private volatile ScheduledFuture<?> asking;

    public StoresReadiness() {
        states = new Refreshed<>("stores' states", () -> overview.stores(), () -> FRESH, () -> background);
    }

    /** For tests: {@code ask} gives the stores' states, {@code background} runs the askings, {@code nanos} is the clock. */
    StoresReadiness(Supplier<List<StoreState>> ask, Executor background, LongSupplier nanos) {
        this.states = new Refreshed<>("stores' states", ask, () -> FRESH, () -> background, nanos);
    }

    /**
     * The first asking, while the rest of the application starts (its answers are there for the first probe), and one
     * every {@link #FRESH} after it, so that a probe after a quiet spell does not get states from long ago.
     */
    void onStart(@Observes @Initialized(ApplicationScoped.class) Object event) {
        states.readSoon();
        asking = scheduler == null ? null : askEvery(scheduler, FRESH); // null: built by a test, without a container
    }

    /** Asks the stores every {@code period} in the background, probes or not. */
    ScheduledFuture<?> askEvery(ScheduledExecutorService scheduler, Duration period) {
        return scheduler.scheduleWithFixedDelay(states::readSoon, period.toMillis(), period.toMillis(), TimeUnit.MILLISECONDS);
    }

    @PreDestroy
    void stop() {
        ScheduledFuture<?> running = asking;
        if (running != null) {
            running.cancel(false);
        }
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
