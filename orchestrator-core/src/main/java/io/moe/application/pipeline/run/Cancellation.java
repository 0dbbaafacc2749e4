package io.moe.application.pipeline.run;

import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Lets the HTTP edge stop a request whose client went away: stages check it before each model call,
 * and the model calls in flight are cancelled at once, so a dropped request frees its slots instead of
 * running to the end. Thread-safe.
 */
public final class Cancellation {

    private final Set<CompletableFuture<?>> inFlight = ConcurrentHashMap.newKeySet();
    private volatile String reason;

    /** A cancellation that is never triggered, for work without a waiting client. */
    public static Cancellation none() {
        return new Cancellation();
    }

    public void cancel(String why) {
        reason = why;
        inFlight.forEach(f -> f.cancel(true));
    }

    public boolean cancelled() {
        return reason != null;
    }

    /** Throws {@link RequestCancelledException} once the request was cancelled. */
    public void checkpoint() {
        if (reason != null) {
            throw new RequestCancelledException(reason);
        }
    }

    /** Tracks a model call until it ends, cancelling it if the request is (or already was) cancelled. */
    public <T> CompletableFuture<T> track(CompletableFuture<T> call) {
        inFlight.add(call);
        call.whenComplete((done, failure) -> inFlight.remove(call));
        if (reason != null) {
            call.cancel(true);
        }
        return call;
    }
}
