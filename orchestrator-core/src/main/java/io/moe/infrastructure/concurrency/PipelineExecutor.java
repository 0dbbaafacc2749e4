package io.moe.infrastructure.concurrency;

import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * Runs pipeline work on the server's bounded executor {@code concurrent/moePipeline} (size and queue in
 * server.xml). When it is saturated the returned future fails with a RejectedExecutionException,
 * which the HTTP edge answers with 503.
 */
@ApplicationScoped
public class PipelineExecutor {

    @Resource(lookup = "concurrent/moePipeline")
    private ManagedExecutorService executor;

    public <T> CompletableFuture<T> supply(Supplier<T> work) {
        return executor.supplyAsync(work);
    }
}
