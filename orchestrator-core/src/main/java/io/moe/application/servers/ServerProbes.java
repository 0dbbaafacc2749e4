package io.moe.application.servers;

import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Discovers the models and health of every enabled server: once at start, then every
 * {@code moe.servers.probe-seconds} (default 60) on the server's managed scheduled executor, and on demand
 * ({@code POST /api/servers/{id}/refresh}). {@link InferenceServers} is read again every {@value #LIST_SECONDS} s
 * and at each round, so changes made on another node are called here within seconds (their health and models
 * within one round). A failed probe marks the server unhealthy with its
 * error; it does not stop calls to it (the call's own failure answers the client). The results live in
 * this node's memory.
 */
@ApplicationScoped
public class ServerProbes {

    private static final Logger LOG = Logger.getLogger(ServerProbes.class.getName());

    @Inject
    InferenceServers servers;

    @Inject
    ModelDiscovery discovery;

    @Inject
    @ConfigProperty(name = "moe.servers.probe-seconds", defaultValue = "60")
    int probeSeconds;

    @Resource
    ManagedScheduledExecutorService scheduler;

    /**
     * How often the list of servers is read again between probe rounds: a server another node added, changed, disabled or
     * removed is called (or left alone) here within this time, as templates are ({@code TemplateCatalog}).
     */
    static final long LIST_SECONDS = 5;

    private final Map<String, ServerHealth> health = new ConcurrentHashMap<>();
    private ScheduledFuture<?> rounds;
    private ScheduledFuture<?> listReads;

    /** Starts the rounds (the first one now) and the reads of the list; calling it again changes nothing. */
    public synchronized void start() {
        if (rounds == null) {
            rounds = scheduler.scheduleWithFixedDelay(this::round, 0, Math.max(1, probeSeconds), TimeUnit.SECONDS);
            listReads = scheduler.scheduleWithFixedDelay(this::readList, LIST_SECONDS, LIST_SECONDS, TimeUnit.SECONDS);
        }
    }

    @PreDestroy
    synchronized void stop() {
        if (rounds != null) {
            rounds.cancel(false);
            listReads.cancel(false);
        }
    }

    void readList() {
        try {
            servers.reload();
        } catch (RuntimeException e) {
            // a scheduled task that throws is never run again: log and keep reading
            LOG.log(Level.FINE, "The list of inference servers could not be read again; the next read is in " + LIST_SECONDS + " s", e);
        }
    }

    /** What the last probe of {@code name} found, if it was probed. */
    public Optional<ServerHealth> health(String name) {
        return Optional.ofNullable(health.get(name));
    }

    /** Probes {@code name} now, if it is enabled; the result is also kept for {@link #health}. */
    public Optional<ServerHealth> probe(String name) {
        return servers.byName(name).map(this::probe);
    }

    /** Drops what is known of a server that was removed or renamed. */
    public void forget(String name) {
        health.remove(name);
    }

    void round() {
        try {
            servers.reload();
            health.keySet().retainAll(servers.all().keySet());
            servers.all().values().forEach(this::probe);
        } catch (RuntimeException e) {
            // a scheduled task that throws is never run again: log and keep the rounds going
            LOG.log(Level.WARNING, "A probe round of the inference servers failed; the next one runs in "
                    + probeSeconds + " s", e);
        }
    }

    private ServerHealth probe(InferenceServer server) {
        long start = System.nanoTime();
        ServerHealth result;
        try {
            result = ServerHealth.up(elapsedMillis(start), discovery.models(server));
        } catch (ModelDiscovery.DiscoveryException e) {
            result = ServerHealth.down(elapsedMillis(start), e.getMessage(), health.get(server.name()));
        } catch (RuntimeException e) { // e.g. an address the HTTP client refuses: this server is down, the round goes on
            result = ServerHealth.down(elapsedMillis(start), "the probe failed: " + e.getMessage(), health.get(server.name()));
        }
        ServerHealth before = health.put(server.name(), result);
        if (before == null || before.healthy() != result.healthy()) {
            ServerHealth now = result;
            LOG.info(() -> "Inference server '" + server.name() + "' is " + (now.healthy()
                    ? "healthy with " + now.models().size() + " models" : "unhealthy: " + now.lastError()));
        }
        return result;
    }

    private static long elapsedMillis(long startNanos) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
    }
}
