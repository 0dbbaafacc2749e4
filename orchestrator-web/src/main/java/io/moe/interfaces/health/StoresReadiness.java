package io.moe.interfaces.health;

import io.moe.application.overview.ServiceOverview;
import io.moe.application.overview.StoreState;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * Readiness, store by store: each store's state (up, or down with the reason) and answer time. A probe answers at once
 * with the states last found: when they are older than {@link #FRESH_MILLIS} ms the stores are asked again in the
 * background (one asking at a time, each store given {@code ServiceOverview.PROBE_SECONDS}), so a hung store never
 * holds a probe, whose caller (an orchestrator's, with a timeout of about a second) would take the node for failed.
 * The first asking starts with the application; only a probe before it ended waits for it. A started node answers
 * without any one store (README, "When a store is down": without PostgreSQL from the keys and templates it holds in
 * memory, with usage rows waiting in the journal), so a store that is down is reported and does not make the node
 * unready; what a node cannot answer without — its schema migrated at start — is {@link DatabaseReadiness}.
 */
@Readiness
@ApplicationScoped
public class StoresReadiness implements HealthCheck {

    static final long FRESH_MILLIS = 5000;

    private Supplier<CompletableFuture<List<StoreState>>> ask;
    private LongSupplier nanos = System::nanoTime;
    private volatile Snapshot last;
    private final AtomicReference<CompletableFuture<Snapshot>> asking = new AtomicReference<>();

    private record Snapshot(List<StoreState> stores, long atNanos) {
    }

    public StoresReadiness() {
    }

    @Inject
    StoresReadiness(ServiceOverview overview) {
        this.ask = overview::storesChecked;
    }

    /** For tests: {@code ask} gives the stores' states, {@code nanos} is the clock. */
    StoresReadiness(Supplier<CompletableFuture<List<StoreState>>> ask, LongSupplier nanos) {
        this.ask = ask;
        this.nanos = nanos;
    }

    /** The first asking, while the rest of the application starts: its answers are there for the first probe. */
    void onStart(@Observes @Initialized(ApplicationScoped.class) Object event) {
        askAgain();
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
        Snapshot s = last;
        if (s == null) {
            return askAgain().join().stores(); // before the first answers only
        }
        if (nanos.getAsLong() - s.atNanos() > FRESH_MILLIS * 1_000_000) {
            askAgain(); // answered with the states last found
        }
        return s.stores();
    }

    /** The asking under way, or a new one; its states become the last found once it ends. */
    private CompletableFuture<Snapshot> askAgain() {
        CompletableFuture<Snapshot> mine = new CompletableFuture<>();
        CompletableFuture<Snapshot> running = asking.compareAndExchange(null, mine);
        if (running != null) {
            return running;
        }
        try {
            ask.get().whenComplete((stores, failure) -> {
                if (failure != null) {
                    asking.set(null);
                    mine.completeExceptionally(failure); // a first probe says DOWN with it; the states last found stay
                    return;
                }
                Snapshot s = new Snapshot(stores, nanos.getAsLong());
                last = s;
                asking.set(null);
                mine.complete(s);
            });
        } catch (RuntimeException e) { // the probes could not be started (no thread to run them)
            asking.set(null);
            mine.completeExceptionally(e);
        }
        return mine;
    }
}
