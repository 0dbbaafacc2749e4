package io.moe.tools.legal;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Supplier;

/**
 * One load per key at a time: callers that ask for a key while it is being loaded wait for that load
 * and share its result or its failure, instead of fetching and parsing the same law again (no
 * stampede when a popular law expires). The loader must publish its result (e.g. into a cache) before
 * it returns, so a caller arriving after the load finds it there.
 */
final class SingleFlight<V> {

    private final ConcurrentMap<String, CompletableFuture<V>> running = new ConcurrentHashMap<>();

    V load(String key, Supplier<V> loader) {
        CompletableFuture<V> mine = new CompletableFuture<>();
        CompletableFuture<V> other = running.putIfAbsent(key, mine);
        if (other != null) {
            return await(other);
        }
        try {
            V value = loader.get();
            mine.complete(value);
            return value;
        } catch (RuntimeException | Error e) {
            mine.completeExceptionally(e);
            throw e;
        } finally {
            running.remove(key, mine);
        }
    }

    private static <V> V await(CompletableFuture<V> load) {
        try {
            return load.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw e;
        }
    }
}
