package io.moe.infrastructure.concurrency;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.concurrent.ManagedExecutorService;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;

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

    /** Runs every branch concurrently and waits for all; results in the order given. */
    public <T> List<T> all(List<Supplier<T>> work) {
        List<CompletableFuture<T>> started = work.stream().map(this::branch).toList();
        try {
            CompletableFuture.allOf(started.toArray(CompletableFuture[]::new)).join();
        } catch (CompletionException e) {
            // each branch's own failure is rethrown below by join()
        }
        return started.stream().map(CompletableFuture::join).toList();
    }
}
