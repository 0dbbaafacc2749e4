package io.moe.infrastructure.concurrency;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.concurrent.ManagedExecutorService;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * Runs pipeline work. A request's pipeline runs on the server's bounded executor
 * {@code concurrent/moePipeline} (size and queue in server.xml); when it is saturated the returned future
 * fails with a RejectedExecutionException, which the HTTP edge answers with 503. The branches a
 * pipeline fans out to run on the server's default executor, so a full pipeline pool can never leave a
 * running request waiting for a branch that cannot start.
 */
@ApplicationScoped
public class PipelineExecutor {

    @Resource(lookup = "concurrent/moePipeline")
    private ManagedExecutorService executor;

    @Resource(lookup = "java:comp/DefaultManagedExecutorService")
    private ManagedExecutorService branches;

    public <T> CompletableFuture<T> supply(Supplier<T> work) {
        return executor.supplyAsync(work);
    }

    /** Starts one branch of a fan-out. */
    public <T> CompletableFuture<T> branch(Supplier<T> work) {
        return branches.supplyAsync(work);
    }

    /**
     * Runs every branch concurrently and waits for all; results in the order given. The first runs on the caller's thread,
     * which would otherwise only wait: a fan-out costs one hand-over to another thread fewer (each is a thread's wake-up
     * on the critical path). A failure is thrown, wrapped in a {@link CompletionException}, once every branch has ended.
     */
    public <T> List<T> all(List<Supplier<T>> work) {
        if (work.isEmpty()) {
            return List.of();
        }
        List<CompletableFuture<T>> others = work.subList(1, work.size()).stream().map(this::branch).toList();
        List<CompletableFuture<T>> started = Stream.concat(Stream.of(here(work.get(0))), others.stream()).toList();
        try {
            CompletableFuture.allOf(started.toArray(CompletableFuture[]::new)).join();
        } catch (CompletionException e) {
            // each branch's own failure is rethrown below by join()
        }
        return started.stream().map(CompletableFuture::join).toList();
    }

    /** Runs {@code work} on this thread, its outcome as a future, as if it were a branch. */
    public static <T> CompletableFuture<T> here(Supplier<T> work) {
        try {
            return CompletableFuture.completedFuture(work.get());
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }
}
