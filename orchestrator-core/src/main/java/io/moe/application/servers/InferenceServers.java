package io.moe.application.servers;

import io.moe.application.shared.UnitOfWork;
import io.moe.domain.shared.Failures;
import io.moe.infrastructure.secrets.SecretBox;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Logger;

/**
 * The enabled inference servers, as every model call reads them: an in-memory snapshot of the registry, so a
 * call costs no database round trip. The snapshot is reloaded after each change through the admin API on
 * this node and every 5 s ({@link ServerProbes}), which is how other nodes' changes arrive. A server whose token cannot be opened (another secrets key) is left out and logged.
 */
@ApplicationScoped
public class InferenceServers {

    private static final Logger LOG = Logger.getLogger(InferenceServers.class.getName());

    @Inject
    InferenceServerRegistry registry;

    @Inject
    SecretBox secrets;

    private volatile Map<String, InferenceServer> byName = Map.of();

    public InferenceServers() {
    }

    /** A snapshot of {@code registry}, for code that runs without a container. */
    public InferenceServers(InferenceServerRegistry registry, SecretBox secrets) {
        this.registry = registry;
        this.secrets = secrets;
    }

    /** The enabled server called {@code name}, if any. */
    public Optional<InferenceServer> byName(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    public Map<String, InferenceServer> all() {
        return byName;
    }

    /**
     * Reads the registry again (in a transaction of its own when the caller has none: start-up and probe threads). One
     * read at a time, so two cannot interleave their lists; a read that saw the registry just before an admin's change
     * committed is set right by the next one, at most 5 s later ({@link ServerProbes}).
     */
    @UnitOfWork
    public synchronized void reload() {
        Map<String, InferenceServer> fresh = new LinkedHashMap<>();
        for (ServerSettings s : registry.all()) {
            if (!s.enabled()) {
                continue;
            }
            try {
                fresh.put(s.name(), runtime(s, secrets));
            } catch (IllegalStateException e) {
                LOG.warning(() -> "Inference server '" + s.name() + "' is left out: " + Failures.describe(e));
            }
        }
        byName = Map.copyOf(fresh);
    }

    static InferenceServer runtime(ServerSettings s, SecretBox secrets) {
        return new InferenceServer(s.name(), s.url(), s.apiType(),
                s.hasToken() ? Optional.of(secrets.open(s.sealedToken())) : Optional.empty(),
                s.concurrency(), Duration.ofSeconds(s.timeoutSeconds()), s.costFactor());
    }
}
