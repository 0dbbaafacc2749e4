package io.moe.application.limits;

import io.moe.application.pipeline.run.Cancellation;
import io.moe.application.servers.InferenceServer;
import io.moe.application.servers.InferenceServers;
import io.moe.infrastructure.llm.InferenceException;
import io.moe.infrastructure.llm.ServerSlots;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One user's share of an inference server's model-call slots on this node: at most
 * {@code moe.limits.model-calls-per-user} calls of a user run or wait for a server at once, and never more than
 * one below that server's {@code concurrency}, so a user who floods the service always leaves a slot of every
 * server for everyone else, while a single request's experts still run in parallel. Waiting stops when the
 * request is cancelled, and fails after the server's timeout (a call could not have taken longer): the stage's
 * fallback then answers as for a busy server. A user's places on a server are kept only while some call of theirs
 * waits for or holds one, so the places of users who come and go do not pile up.
 */
@ApplicationScoped
public class ModelCallShare {

    private static final long POLL_MILLIS = 200;
    /** The wait for a server this node does not know (its call fails anyway): the longest server timeout. */
    private static final Duration UNKNOWN_SERVER_WAIT = Duration.ofHours(1);

    @Inject
    RequestLimits limits;

    @Inject
    InferenceServers servers;

    private final Map<String, Places> perUserAndServer = new ConcurrentHashMap<>();

    /** A user's places on one server, and how many of their calls wait for or hold one. */
    private record Places(Semaphore free, AtomicInteger callers) {
    }

    /** For CDI. */
    public ModelCallShare() {
    }

    /** A share over the given servers, outside a container. */
    public ModelCallShare(RequestLimits limits, InferenceServers servers) {
        this.limits = limits;
        this.servers = servers;
    }

    /** A place taken; {@link #release()} gives it back. */
    public interface Place {
        void release();
    }

    /**
     * Waits for one of {@code userId}'s places on {@code server}; throws when {@code cancellation} is triggered
     * meanwhile, and an {@link InferenceException} when no place came free within the server's timeout.
     */
    public Place acquire(String userId, String server, Cancellation cancellation) {
        Optional<InferenceServer> known = servers.byName(server);
        int size = share(known.map(InferenceServer::concurrency).orElse(limits.modelCallsPerUser + 1));
        Duration maxWait = known.map(InferenceServer::timeout).orElse(UNKNOWN_SERVER_WAIT);
        long deadline = System.nanoTime() + maxWait.toNanos();
        String key = userId + '\n' + server + '\n' + size;
        Places places = perUserAndServer.compute(key, (k, kept) -> {
            Places p = kept == null ? new Places(new Semaphore(size, true), new AtomicInteger()) : kept;
            p.callers().incrementAndGet();
            return p;
        });
        try {
            while (!places.free().tryAcquire(Math.min(POLL_MILLIS, Math.max(0, (deadline - System.nanoTime()) / 1_000_000)),
                    TimeUnit.MILLISECONDS)) {
                cancellation.checkpoint();
                if (System.nanoTime() - deadline >= 0) {
                    String why = "your " + size + " model calls at once on server '" + server + "' were all"
                            + " busy for its whole timeout of " + maxWait.toSeconds() + " s (moe.limits.model-calls-per-user)";
                    throw new InferenceException(why, true, new ServerSlots.SlotWaitTimeout(why)); // reached no server: costs nothing
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            leave(key);
            cancellation.cancel("interrupted while waiting for a model slot");
            cancellation.checkpoint();
            throw new IllegalStateException("interrupted while waiting for a model slot", e); // checkpoint threw already
        } catch (RuntimeException e) {
            leave(key);
            throw e;
        }
        return () -> {
            places.free().release();
            leave(key);
        };
    }

    /** One caller of these places is done; the last one takes them away. */
    private void leave(String key) {
        perUserAndServer.computeIfPresent(key, (k, p) -> p.callers().decrementAndGet() == 0 ? null : p);
    }

    /** How many users' places on a server are kept now. */
    int keptShares() {
        return perUserAndServer.size();
    }

    /** The setting, but at most one below the server's slot count (and at least one). */
    int share(int serverConcurrency) {
        return Math.max(1, Math.min(limits.modelCallsPerUser, serverConcurrency - 1));
    }
}
