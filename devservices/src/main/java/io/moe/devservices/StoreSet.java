package io.moe.devservices;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;

/**
 * Starts a set of stores in parallel, skipping those the environment already configures, and stops
 * every one it started, also when another failed to start.
 */
final class StoreSet implements AutoCloseable {

    private final List<Store> started = new ArrayList<>();
    private final Map<String, String> environment = new LinkedHashMap<>();

    /** Starts every store whose {@link Store#configuredBy()} variable is unset in {@code env}. */
    static StoreSet start(List<Store> candidates, Function<String, String> env) {
        StoreSet set = new StoreSet();
        List<Store> toStart = new ArrayList<>();
        for (Store store : candidates) {
            String configured = env.apply(store.configuredBy());
            if (configured != null && !configured.isBlank()) {
                log(store.name() + ": not started, " + store.configuredBy() + " is set");
            } else {
                toStart.add(store);
            }
        }
        ExecutorService threads = Executors.newFixedThreadPool(Math.max(1, toStart.size()));
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (Store store : toStart) {
                futures.add(threads.submit(() -> {
                    long t0 = System.nanoTime();
                    store.start();
                    log(store.name() + ": ready at " + store.url() + " in " + (System.nanoTime() - t0) / 1_000_000 + " ms");
                    return null;
                }));
            }
            List<String> failures = new ArrayList<>();
            for (int i = 0; i < toStart.size(); i++) {
                try {
                    futures.get(i).get();
                } catch (ExecutionException e) {
                    failures.add(toStart.get(i).name() + ": " + rootMessage(e.getCause()));
                }
            }
            // Everything that was asked to start is stopped on failure, also the ones that half-started.
            set.started.addAll(toStart);
            if (!failures.isEmpty()) {
                set.close();
                throw new IllegalStateException("could not start " + String.join("; ", failures));
            }
            toStart.forEach(s -> set.environment.putAll(s.environment()));
            return set;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            set.started.addAll(toStart);
            set.close();
            throw new IllegalStateException("interrupted while starting the stores", e);
        } finally {
            threads.shutdownNow();
        }
    }

    Map<String, String> environment() {
        return environment;
    }

    @Override
    public synchronized void close() {
        for (int i = started.size() - 1; i >= 0; i--) {
            Store store = started.get(i);
            try {
                store.close();
            } catch (RuntimeException e) {
                log(store.name() + ": stop failed: " + rootMessage(e));
            }
        }
        started.clear();
    }

    static void log(String line) {
        System.out.println("[devservices] " + line);
    }

    private static String rootMessage(Throwable t) {
        Throwable root = t;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = t == root ? String.valueOf(t.getMessage()) : t.getMessage() + " (" + root.getMessage() + ")";
        return message;
    }
}
