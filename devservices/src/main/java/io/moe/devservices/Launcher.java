package io.moe.devservices;

import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * What the {@code run} command does, without the waiting: checks the ports, starts the stores the
 * environment does not configure, writes the env file; {@link #close()} stops them and removes it.
 */
final class Launcher implements AutoCloseable {

    private static final Map<String, String> PORT_OPTIONS = Map.of("postgres", "--pg-port", "redis", "--redis-port",
            "kafka", "--kafka-port", "neo4j", "--neo4j-port", "model-simulator", "--simulator-port");

    private final Options options;
    private final StoreSet stores;

    private Launcher(Options options, StoreSet stores) {
        this.options = options;
        this.stores = stores;
    }

    /** Starts the missing stores of {@code options}; {@code env} tells which are configured. */
    static Launcher start(Options options, Function<String, String> env) throws IOException {
        if (options.fresh()) {
            DevServices.deleteTree(options.data());
            if (!PostgresStore.canRunUnder(options.data())) {
                DevServices.deleteTree(PostgresStore.relocated(options.data()));
            }
        }
        Files.createDirectories(options.data().resolve("tmp"));
        Files.deleteIfExists(options.envFile());
        List<Store> all = DevServices.stores(options);
        for (Store store : all) {
            if (!isConfigured(store, env)) {
                store.stopLeftOver();
            }
        }
        requirePortsFree(options, all, env);
        StoreSet set = StoreSet.start(all, env, options.background());
        try {
            EnvFile.write(options.envFile(), set.environment());
        } catch (IOException | RuntimeException e) {
            set.close();
            throw e;
        }
        StoreSet.log((options.background().isEmpty() ? "all stores ready" : "stores ready, " + String.join(" and ",
                options.background().stream().sorted().toList()) + " still starting if started here") + "; environment in " + options.envFile());
        return new Launcher(options, set);
    }

    private static void requirePortsFree(Options o, List<Store> stores, Function<String, String> env) {
        Map<String, List<Integer>> ports = Map.of("postgres", List.of(o.pgPort()), "redis", List.of(o.redisPort()),
                "kafka", List.of(o.kafkaPort(), o.kafkaPort() + 1), "neo4j", List.of(o.neo4jPort()),
                "model-simulator", List.of(o.simulatorPort()));
        for (Store store : stores) {
            if (!isConfigured(store, env)) {
                ports.get(store.name()).forEach(port -> Ports.requireFree(port, store.name(), PORT_OPTIONS.get(store.name())));
            }
        }
    }

    private static boolean isConfigured(Store store, Function<String, String> env) {
        String value = env.apply(store.configuredBy());
        return value != null && !value.isBlank();
    }

    Map<String, String> environment() {
        return stores.environment();
    }

    /** Stops every store this launcher started and removes the env file. */
    @Override
    public void close() {
        StoreSet.log("stopping");
        stores.close();
        try {
            Files.deleteIfExists(options.envFile());
        } catch (IOException e) {
            StoreSet.log("could not remove " + options.envFile() + ": " + e.getMessage());
        }
        StoreSet.log("stopped");
    }
}
