package io.moe.devservices;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Real stores for adapter tests, one set per test JVM: started on free ports in a throw-away folder
 * under {@code target/} and stopped when the JVM exits. Stores already configured ({@code MOE_DB_URL},
 * {@code MOE_REDIS_URL}, {@code MOE_KAFKA_BOOTSTRAP_SERVERS}, {@code MOE_NEO4J_URI}, {@code MOE_INFERENCE_URL}
 * as environment variables or system properties, or in the env file named by system property
 * {@code moe.devservices.env}) are used as they are.
 */
public final class TestStores {

    private static TestStores shared;

    private final Map<String, String> env;

    private TestStores(Map<String, String> env) {
        this.env = Map.copyOf(env);
    }

    /** The stores of this JVM, started on first use. */
    public static synchronized TestStores shared() {
        if (shared == null) {
            shared = startMissing();
        }
        return shared;
    }

    private static TestStores startMissing() {
        Map<String, String> given = new HashMap<>(System.getenv());
        String envFile = System.getProperty("moe.devservices.env");
        try {
            if (envFile != null) {
                Map<String, String> file = EnvFile.read(Path.of(envFile));
                if (file.isEmpty()) {
                    throw new IllegalStateException("moe.devservices.env names " + envFile
                            + ", which is missing or not ready (no DEVSERVICES_READY=1)");
                }
                given.putAll(file);
            }
            System.getProperties().stringPropertyNames().stream().filter(k -> k.startsWith("MOE_"))
                    .forEach(k -> given.put(k, System.getProperty(k)));
            if (given.containsKey("MOE_SIMULATOR_URL")) {
                given.putIfAbsent("MOE_INFERENCE_URL", given.get("MOE_SIMULATOR_URL"));
            }
            Path data = baseFolder().resolve("test-stores-" + ProcessHandle.current().pid());
            DevServices.deleteTree(data);
            Files.createDirectories(data);
            int kafka = freePair();
            List<Store> stores = List.of(new PostgresStore(data, Ports.free()), new RedisStore(data, Ports.free()),
                    new KafkaStore(data, kafka, kafka), new Neo4jStore(data, Ports.free()), new SimulatorStore(Ports.free()));
            StoreSet set = StoreSet.start(stores, given::get);
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                set.close();
                try {
                    DevServices.deleteTree(data);
                } catch (IOException ignored) {
                    // the folder is under target/ and goes with the next clean
                }
            }, "test-stores-stop"));
            Map<String, String> env = new HashMap<>(given);
            env.putAll(set.environment());
            if (given.containsKey("MOE_INFERENCE_URL") && !env.containsKey("MOE_SIMULATOR_URL")) {
                env.put("MOE_SIMULATOR_URL", given.get("MOE_INFERENCE_URL"));
            }
            return new TestStores(env);
        } catch (IOException e) {
            throw new UncheckedIOException("could not prepare the test stores' folder", e);
        }
    }

    /** {@code target/}, or the system temp folder when PostgreSQL's unprivileged user cannot reach it. */
    private static Path baseFolder() throws IOException {
        Path target = Files.createDirectories(Path.of("target")).toAbsolutePath();
        return PostgresStore.canRunUnder(target) ? target : Path.of(System.getProperty("java.io.tmpdir")).toAbsolutePath();
    }

    /** A free port whose successor is free too (Kafka's broker and controller). */
    private static int freePair() {
        for (int attempt = 0; attempt < 20; attempt++) {
            int port = Ports.free();
            if (port < 65534) {
                if (Ports.isFree(port + 1)) {
                    return port;
                }
            }
        }
        throw new IllegalStateException("found no two adjacent free ports for Kafka");
    }

    public String jdbcUrl() {
        return env.get("MOE_DB_URL");
    }

    public String dbUser() {
        return env.getOrDefault("MOE_DB_USER", PostgresStore.USER);
    }

    public String dbPassword() {
        return env.getOrDefault("MOE_DB_PASSWORD", PostgresStore.PASSWORD);
    }

    public String redisUrl() {
        return env.get("MOE_REDIS_URL");
    }

    public String kafkaBootstrapServers() {
        return env.get("MOE_KAFKA_BOOTSTRAP_SERVERS");
    }

    public String neo4jUri() {
        return env.get("MOE_NEO4J_URI");
    }

    public String simulatorUrl() {
        return env.get("MOE_SIMULATOR_URL");
    }
}
