package io.moe.application.identity;

import io.moe.application.shared.UnitsOfWork;
import io.moe.domain.shared.Refusal.Kind;
import io.moe.infrastructure.web.StoreFailures;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * The database reads a request cannot go on without (a key the cache does not hold, the account of a sign-in), each
 * waited for at most {@link #wait}: a database that does not answer in time is a 503 {@code database_unavailable} (an
 * {@link IdentityException}), not a request thread held for as long as the connection lives; the read itself goes on
 * until the database or its socket timeout answers. Reads run on {@value #THREADS} threads of their own, not on the
 * server's shared executor: requests waiting for a read hold threads of that executor, and a burst of them (a node that
 * just started) would leave none for the read. Each read on those threads is a unit of work of its own, so its
 * connection goes back to the pool when it ends ({@link UnitsOfWork}). Reads with the same key share one run.
 */
@ApplicationScoped
public class BoundedReads {

    static final int THREADS = 4;

    @Resource(lookup = "java:comp/DefaultManagedThreadFactory")
    ManagedThreadFactory threads;

    @Inject
    UnitsOfWork units;

    /** Where reads run: made from {@link #threads} on first use (tests set their own); none: on the caller's thread. */
    Executor executor;
    private ExecutorService own;

    /** The longest a request waits for a read. */
    Duration wait = Duration.ofSeconds(5);

    /**
     * At most this many different reads wait at once: while the database hangs each one stays until its socket timeout,
     * and sign-ins with ever new usernames must not pile them up without end.
     */
    int maxWaiting = 1000;

    private final ConcurrentHashMap<String, CompletableFuture<?>> inFlight = new ConcurrentHashMap<>();

    /** The result of {@code read}, shared with the requests reading the same {@code key} at the same time; {@code what} names it in the refusal. */
    @SuppressWarnings("unchecked")
    public <T> T read(String key, String what, Supplier<T> read) {
        Executor runner = executor();
        if (runner == null) {
            return read.get();
        }
        if (inFlight.size() >= maxWaiting && !inFlight.containsKey(key)) {
            throw new IdentityException(Kind.UNAVAILABLE, "database_unavailable", null, maxWaiting + " reads are already waiting for "
                    + "the database, so " + what + " could not be checked; retry shortly");
        }
        CompletableFuture<T> running = (CompletableFuture<T>) inFlight.computeIfAbsent(key,
                k -> CompletableFuture.supplyAsync(() -> units.get(read), runner));
        running.whenComplete((done, failure) -> inFlight.remove(key, running));
        try {
            return running.get(wait.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new IdentityException(Kind.UNAVAILABLE, "database_unavailable", null, "the database did not answer within "
                    + wait.toSeconds() + " s, so " + what + " could not be checked; retry shortly");
        } catch (ExecutionException e) {
            if (StoreFailures.databaseUnreachable(e.getCause())) { // e.g. refused at once by the database's open breaker
                throw new IdentityException(Kind.UNAVAILABLE, "database_unavailable", null, "the database does not answer, so "
                        + what + " could not be checked; retry shortly");
            }
            throw e.getCause() instanceof RuntimeException failure ? failure : new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IdentityException(Kind.UNAVAILABLE, "interrupted", null, "interrupted while checking " + what);
        }
    }

    private synchronized Executor executor() {
        if (executor == null && threads != null) {
            own = Executors.newFixedThreadPool(THREADS, threads);
            executor = own;
        }
        return executor;
    }

    @PreDestroy
    synchronized void stop() {
        if (own != null) {
            own.shutdownNow();
        }
    }
}
