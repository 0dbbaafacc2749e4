package io.moe.application.overview;

import io.moe.application.refresh.Refreshed;
import io.moe.infrastructure.concurrency.PipelineExecutor;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;

import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * Every store's state (up, or down with the reason, and its answer time), as the readiness probe and the admin
 * dashboard show it. The stores are asked in the background ({@link Refreshed}: one asking at a time, each store given
 * {@link #PROBE_SECONDS}) when the application starts and every {@link #FRESH} after that, and again when a reader finds
 * the states older than that; a reader gets the states last found at once, so a hung store holds neither a probe (whose
 * caller, an orchestrator with a timeout of about a second, would take the node for failed) nor a page. Only a reader
 * before the first asking ended waits for it.
 */
@ApplicationScoped
public class StoreStates {

    static final int PROBE_SECONDS = 3;
    static final Duration FRESH = Duration.ofSeconds(5);

    /** The stores' states, by store name, and when they were asked. */
    public record Asked(List<StoreState> states, Instant at) {
    }

    @Inject
    Instance<StoreProbe> probes;

    @Inject
    PipelineExecutor executor;

    @Resource(lookup = "java:comp/DefaultManagedExecutorService")
    ManagedExecutorService background;

    @Resource(lookup = "java:comp/DefaultManagedScheduledExecutorService")
    ManagedScheduledExecutorService scheduler;

    private final Refreshed<Asked> states;
    private boolean started;
    private ScheduledFuture<?> asking;

    public StoreStates() {
        states = new Refreshed<>("stores' states", this::ask, () -> FRESH, () -> background);
    }

    /** For tests: {@code ask} gives the stores' states, {@code background} runs the askings, {@code nanos} is the clock. */
    StoreStates(Supplier<List<StoreState>> ask, Executor background, LongSupplier nanos) {
        states = new Refreshed<>("stores' states", () -> new Asked(ask.get(), Instant.now()), () -> FRESH, () -> background, nanos);
    }

    /**
     * The first asking, while the rest of the application starts (its answers are there for the first probe), and one
     * every {@link #FRESH} after it, so that a reader after a quiet spell does not get states from long ago. The event
     * comes once for each module of the application; only the first starts the askings.
     */
    synchronized void onStart(@Observes @Initialized(ApplicationScoped.class) Object event) {
        if (!started) {
            started = true;
            states.readSoon();
            asking = scheduler == null ? null : askEvery(scheduler, FRESH); // null: built by a test, without a container
        }
    }

    /** Asks the stores every {@code period} in the background, read or not. */
    ScheduledFuture<?> askEvery(ScheduledExecutorService scheduler, Duration period) {
        return scheduler.scheduleWithFixedDelay(states::readSoon, period.toMillis(), period.toMillis(), TimeUnit.MILLISECONDS);
    }

    @PreDestroy
    synchronized void stop() {
        if (asking != null) {
            asking.cancel(false);
        }
    }

    /** The states last found, asked again in the background when they are old; waits only for the first asking. */
    public Asked get() {
        return states.get();
    }

    /** Asks every store at once and waits for them, each at most {@link #PROBE_SECONDS}; one that does not answer is down. */
    private Asked ask() {
        List<CompletableFuture<StoreState>> running = probes.stream().map(p -> executor.branch(p::check)
                .completeOnTimeout(new StoreState(p.store(), false, "no answer within " + PROBE_SECONDS + " s",
                        TimeUnit.SECONDS.toMillis(PROBE_SECONDS)), PROBE_SECONDS, TimeUnit.SECONDS)).toList();
        return new Asked(running.stream().map(CompletableFuture::join).sorted(Comparator.comparing(StoreState::store)).toList(),
                Instant.now());
    }
}
