package io.moe.application.servers;

import io.moe.application.shared.Pages;
import io.moe.application.shared.UnitOfWork;
import io.moe.application.shared.WriteLocks;
import io.moe.domain.shared.Refusal.Kind;

import io.moe.domain.shared.Ids;
import io.moe.infrastructure.secrets.SecretBox;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.List;

/**
 * The writes to the registry, each one transaction that checks everything before it writes: a refusal
 * ({@link ServerRefusedException}) leaves the registry as it was. Tokens are sealed here, before they reach
 * the store.
 */
@ApplicationScoped
@UnitOfWork
public class ServerWrites {

    /** Inference servers the service keeps at most: each enabled one is probed every minute by every node. */
    public static final int MAX_SERVERS = 256;

    @Inject
    InferenceServerRegistry registry;

    @Inject
    WriteLocks locks;

    @Inject
    SecretBox secrets;

    @Inject
    ServerReferences references;

    /** Adds a server; unset fields take the given defaults. 409 when the name is taken. */
    public ServerSettings add(ServerInput in, int defaultConcurrency, int defaultTimeoutSeconds) {
        locks.lock("inference_servers"); // the count and the new row, one request after another on every node
        if (registry.all().size() >= MAX_SERVERS) {
            throw new ServerRefusedException(Kind.CONFLICT, "too_many_servers", null, MAX_SERVERS
                    + " inference servers are the most this service keeps; delete one first");
        }
        String name = ServerInput.checkedName(in.name());
        ServerSettings server = settings(Ids.newId(), name, in, null, defaultConcurrency, defaultTimeoutSeconds,
                Ids.nowUtc());
        if (registry.withName(name).isPresent()) {
            throw duplicate(name);
        }
        registry.add(server);
        return server;
    }

    /** Changes the given fields of server {@code id}; renaming is refused while a template names the server. */
    public ServerSettings change(String id, ServerInput in) {
        ServerSettings before = registry.withId(id).orElseThrow(() -> ServerRefusedException.notFound(id));
        String name = in.name() == null ? before.name() : ServerInput.checkedName(in.name());
        ServerSettings after = settings(id, name, in, before, before.concurrency(), before.timeoutSeconds(),
                before.createdAt());
        if (!name.equals(before.name())) {
            if (registry.withName(name).isPresent()) {
                throw duplicate(name);
            }
            refuseWhileNamed(before.name(), "renamed");
        }
        registry.replace(after);
        return after;
    }

    /** Removes server {@code id}; refused with 409 while a template names it. */
    public ServerSettings remove(String id) {
        ServerSettings server = registry.withId(id).orElseThrow(() -> ServerRefusedException.notFound(id));
        refuseWhileNamed(server.name(), "deleted");
        registry.remove(id);
        return server;
    }

    /** Adds {@code seed} when the registry is empty (the first start); false when it already had servers. */
    public boolean seedIfEmpty(List<ServerInput> seed, int defaultConcurrency, int defaultTimeoutSeconds) {
        if (!registry.isEmpty()) {
            return false;
        }
        for (ServerInput in : seed) {
            try {
                add(in, defaultConcurrency, defaultTimeoutSeconds);
            } catch (ServerRefusedException e) {
                throw new IllegalArgumentException("moe.inference.servers: server '" + in.name() + "': " + e.getMessage(), e);
            }
        }
        return true;
    }

    private ServerSettings settings(String id, String name, ServerInput in, ServerSettings before,
                                    int defaultConcurrency, int defaultTimeoutSeconds, OffsetDateTime createdAt) {
        var url = ServerInput.checkedUrl(in.url() != null ? in.url() : before == null ? null : before.url().toString());
        ApiType type = in.apiType() != null ? ServerInput.checkedApiType(in.apiType())
                : before == null ? ApiType.OPENAI : before.apiType();
        int concurrency = ServerInput.checkedConcurrency(in.concurrency() != null ? in.concurrency() : defaultConcurrency);
        int timeout = ServerInput.checkedTimeout(in.timeoutSeconds() != null ? in.timeoutSeconds() : defaultTimeoutSeconds);
        BigDecimal cost = ServerInput.checkedCostFactor(in.costFactor() != null ? in.costFactor()
                : before == null ? BigDecimal.ONE : before.costFactor());
        boolean enabled = in.enabled() != null ? in.enabled() : before == null || before.enabled();
        String sealed = before == null ? null : before.sealedToken();
        if (in.tokenGiven()) {
            sealed = in.token() == null || in.token().isEmpty() ? null : secrets.seal(checkedToken(in.token()));
        }
        return new ServerSettings(id, name, url, type, sealed, concurrency, timeout, cost, enabled, createdAt, Ids.nowUtc());
    }

    private static String checkedToken(String token) {
        if (token.length() > 4096 || token.chars().anyMatch(c -> c < 0x21 || c > 0x7e)) {
            throw ServerRefusedException.invalid("token", "token must be at most 4096 printable ASCII characters without spaces");
        }
        return token;
    }

    private void refuseWhileNamed(String server, String what) {
        List<String> naming = references.naming(server);
        if (!naming.isEmpty()) {
            throw new ServerRefusedException(Kind.CONFLICT, "server_in_use", null, "inference server '" + server
                    + "' cannot be " + what + ": " + Pages.firstOf(naming, 20) + " name it; point them at another server first");
        }
    }

    private static ServerRefusedException duplicate(String name) {
        return new ServerRefusedException(Kind.CONFLICT, "duplicate_name", "name", "an inference server named '" + name + "' exists already");
    }
}
