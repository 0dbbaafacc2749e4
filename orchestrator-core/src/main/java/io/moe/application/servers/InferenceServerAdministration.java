package io.moe.application.servers;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.util.List;
import java.util.Optional;
import java.util.logging.Logger;

/**
 * The inference servers as the admin API and the start-up manage them: list with state, add, change,
 * remove, re-discover, and the first start's seed from the environment. After a committed change the
 * snapshot model calls read is reloaded at once on this node and the server is probed, so the answer
 * already shows its models and health.
 */
@ApplicationScoped
public class InferenceServerAdministration {

    private static final Logger LOG = Logger.getLogger(InferenceServerAdministration.class.getName());

    @Inject
    InferenceServerRegistry registry;

    @Inject
    ServerWrites writes;

    @Inject
    InferenceServers servers;

    @Inject
    ServerProbes probes;

    @Inject
    ServerBreakers breakers;

    @Inject
    @ConfigProperty(name = "moe.inference.servers")
    Optional<String> seedJson;

    @Inject
    @ConfigProperty(name = "moe.inference.url", defaultValue = "http://127.0.0.1:11434")
    String localUrl;

    @Inject
    @ConfigProperty(name = "moe.inference.concurrency", defaultValue = "5")
    int defaultConcurrency;

    @Inject
    @ConfigProperty(name = "moe.inference.timeout-seconds", defaultValue = "900")
    int defaultTimeoutSeconds;

    /** A server with what its last probe found (empty when it is disabled or not probed yet). */
    /** A server with its last probe and the state of its circuit breaker on this node. */
    public record ServerStatus(ServerSettings settings, Optional<ServerHealth> health, ServerBreakers.State circuit) {
    }

    public List<ServerStatus> list() {
        return registry.all().stream().map(this::status).toList();
    }

    public ServerStatus get(String id) {
        return status(registry.withId(id).orElseThrow(() -> ServerRefusedException.notFound(id)));
    }

    public ServerStatus add(ServerInput in) {
        ServerSettings added = writes.add(in, defaultConcurrency, defaultTimeoutSeconds);
        afterChange(null, added);
        return status(added);
    }

    public ServerStatus change(String id, ServerInput in) {
        String before = registry.withId(id).map(ServerSettings::name).orElse(null);
        ServerSettings after = writes.change(id, in);
        afterChange(before, after);
        return status(after);
    }

    public void remove(String id) {
        ServerSettings removed = writes.remove(id);
        afterChange(removed.name(), null);
    }

    /** Re-discovers the models of server {@code id} now (a disabled server is not asked). */
    public ServerStatus refresh(String id) {
        ServerSettings server = registry.withId(id).orElseThrow(() -> ServerRefusedException.notFound(id));
        servers.reload();
        probes.probe(server.name());
        return status(server);
    }

    /** Seeds the registry from {@code moe.inference.servers} (or the server {@code local}) when it is empty. */
    public void seedIfEmpty() {
        List<ServerInput> seed = ServerSeed.parse(seedJson.orElse(null), localUrl, defaultConcurrency, defaultTimeoutSeconds);
        if (writes.seedIfEmpty(seed, defaultConcurrency, defaultTimeoutSeconds)) {
            LOG.info(() -> "Seeded the inference servers " + seed.stream().map(ServerInput::name).toList()
                    + " from the environment; manage them at /api/servers from now on");
        }
        servers.reload();
    }

    private void afterChange(String oldName, ServerSettings now) {
        servers.reload();
        if (oldName != null && (now == null || !now.name().equals(oldName))) {
            probes.forget(oldName);
        }
        if (now != null) {
            if (now.enabled()) {
                probes.probe(now.name());
            } else {
                probes.forget(now.name());
            }
        }
    }

    private ServerStatus status(ServerSettings s) {
        return new ServerStatus(s, s.enabled() ? probes.health(s.name()) : Optional.empty(),
                breakers == null ? ServerBreakers.State.CLOSED : breakers.state(s.name()));
    }
}
