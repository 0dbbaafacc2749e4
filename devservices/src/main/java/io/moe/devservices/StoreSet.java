package io.moe.devservices;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
    /** Background stores that failed to start and were stopped. */
    private final Set<Store> gaveUp = new HashSet<>();

    /** Starts every store whose {@link Store#configuredBy()} variable is unset in {@code env}. */
    static StoreSet start(List<Store> candidates, Function<String, String> env) {
        return start(candidates, env, Set.of());
    }

    /**
     * Starts every store whose {@link Store#configuredBy()} variable is unset in {@code env}, and returns once all but
     * those named in {@code background} are ready; those go on starting, and one that fails is stopped and logged (the
     * server then reports it down). Their environment is known from their ports.
     */
    static StoreSet start(List<Store> candidates, Function<String, String> env, Set<String> background) {
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
        boolean ready = false;
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (Store store : toStart) {
                boolean later = background.contains(store.name());
                futures.add(threads.submit(() -> {
                    long t0 = System.nanoTime();
                    try {
                        store.start();
                    } catch (Exception e) {
                        if (!later) {
                            throw e;
                        }
                        log(store.name() + ": could not start (" + rootMessage(e) + "); the server runs without it");
                        set.stop(store);
                        return null;
                    }
                    log(store.name() + ": ready at " + store.url() + " in " + (System.nanoTime() - t0) / 1_000_000 + " ms");
                    return null;
                }));
            }
            List<String> failures = new ArrayList<>();
            for (int i = 0; i < toStart.size(); i++) {
                if (background.contains(toStart.get(i).name())) {
                    continue;
                }
                try {
                    futures.get(i).get();
                } catch (ExecutionException e) {
                    failures.add(toStart.get(i).name() + ": " + rootMessage(e.getCause()));
                }
            }
            // Everything that was asked to start is stopped on failure, also the ones that half-started.
            set.addStarted(toStart);
            if (!failures.isEmpty()) {
                set.close();
                throw new IllegalStateException("could not start " + String.join("; ", failures));
            }
            toStart.forEach(s -> set.environment.putAll(s.environment()));
            ready = true;
            return set;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            set.addStarted(toStart);
            set.close();
            throw new IllegalStateException("interrupted while starting the stores", e);
        } finally {
            if (ready) {
                threads.shutdown(); // stores still starting in the background go on
            } else {
                threads.shutdownNow();
            }
        }
    }

    private synchronized void addStarted(List<Store> stores) {
        stores.stream().filter(s -> !gaveUp.contains(s)).forEach(started::add);
    }

    /** Stops one store that failed to start in the background (what of it half-started). */
    private synchronized void stop(Store store) {
        gaveUp.add(store);
        started.remove(store);
        try {
            store.close();
        } catch (RuntimeException e) {
            log(store.name() + ": stop failed: " + rootMessage(e));
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
