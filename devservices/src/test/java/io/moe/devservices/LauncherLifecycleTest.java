package io.moe.devservices;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Launcher behaviour that needs no heavy store: options, skipping configured stores, env file. */
class LauncherLifecycleTest {

    @Test
    void aConfiguredStoreIsNotStartedAndTheEnvFileNamesOnlyStartedOnes(@TempDir Path dir) throws Exception {
        int port = Ports.free();
        List<Store> stores = List.of(new SimulatorStore(port), new RedisStore(dir, Ports.free()));
        Map<String, String> env = Map.of("MOE_REDIS_URL", "redis://elsewhere:6379");
        try (StoreSet set = StoreSet.start(stores, env::get)) {
            assertEquals(Map.of("MOE_SIMULATOR_URL", "http://127.0.0.1:" + port), set.environment());
            Path file = dir.resolve("devservices.env");
            EnvFile.write(file, set.environment());
            Map<String, String> read = EnvFile.read(file);
            assertEquals("1", read.get(EnvFile.READY));
            assertEquals("http://127.0.0.1:" + port, read.get("MOE_SIMULATOR_URL"));
            assertFalse(read.containsKey("MOE_REDIS_URL"));
        }
        assertTrue(portIsFree(port), "closing the set stops what it started");
    }

    @Test
    void runWritesTheEnvFileWhenReadyAndRemovesItOnStop(@TempDir Path dir) throws Exception {
        int simulator = Ports.free();
        int redis = Ports.free();
        Options options = Options.parse(new String[]{"run", "--data", dir.resolve("data").toString(),
                "--simulator-port", String.valueOf(simulator), "--redis-port", String.valueOf(redis)});
        Map<String, String> env = Map.of("MOE_DB_URL", "jdbc:postgresql://db.example/moe",
                "MOE_KAFKA_BOOTSTRAP_SERVERS", "kafka.example:9092", "MOE_NEO4J_URI", "bolt://neo4j.example:7687");
        Map<String, String> written;
        try (Launcher launcher = Launcher.start(options, env::get)) {
            written = EnvFile.read(options.envFile());
            assertEquals("redis://127.0.0.1:" + redis, written.get("MOE_REDIS_URL"));
            assertEquals("http://127.0.0.1:" + simulator, written.get("MOE_SIMULATOR_URL"));
            assertFalse(written.containsKey("MOE_DB_URL"), "a configured store is not written");
            List<String> lines = Files.readAllLines(options.envFile());
            assertEquals("DEVSERVICES_READY=1", lines.get(lines.size() - 1));
        }
        assertFalse(Files.exists(options.envFile()), "stop removes the env file");
        assertTrue(becomesFree(simulator), "stop stops the simulator");
        assertTrue(becomesFree(redis), "stop stops redis");
    }

    @Test
    void aTakenPortStopsTheRunBeforeAnythingStarts(@TempDir Path dir) throws Exception {
        try (var simulator = io.moe.simulator.ModelSimulator.start(0)) {
            Options options = Options.parse(new String[]{"run", "--data", dir.toString(),
                    "--simulator-port", String.valueOf(simulator.port())});
            Map<String, String> env = Map.of("MOE_DB_URL", "x", "MOE_REDIS_URL", "x",
                    "MOE_KAFKA_BOOTSTRAP_SERVERS", "x", "MOE_NEO4J_URI", "x");
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> Launcher.start(options, env::get));
            assertTrue(e.getMessage().contains("port " + simulator.port()) && e.getMessage().contains("--simulator-port"),
                    e.getMessage());
            assertFalse(Files.exists(options.envFile()));
        }
    }

    @Test
    void anIncompleteEnvFileReadsAsNotReady(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("x.env");
        Files.writeString(file, "MOE_DB_URL=jdbc:postgresql://x/moe\n");
        assertTrue(EnvFile.read(file).isEmpty());
    }

    @Test
    void aTakenPortIsReportedWithTheOptionToChange() throws Exception {
        try (var simulator = io.moe.simulator.ModelSimulator.start(0)) {
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> Ports.requireFree(simulator.port(), "model-simulator", "--simulator-port"));
            assertTrue(e.getMessage().contains("--simulator-port"), e.getMessage());
        }
    }

    @Test
    void optionsHaveDefaultsAndRejectNonsense() {
        Options o = Options.parse(new String[]{"run"});
        assertEquals(15432, o.pgPort());
        assertEquals(o.data().resolve("devservices.env"), o.envFile());
        assertThrows(IllegalArgumentException.class, () -> Options.parse(new String[]{"fly"}));
        assertThrows(IllegalArgumentException.class, () -> Options.parse(new String[]{"run", "--pg-port", "x"}));
        assertThrows(IllegalArgumentException.class, () -> Options.parse(new String[]{"run", "--pg-port"}));
    }

    private static boolean portIsFree(int port) {
        return Ports.isFree(port);
    }

    /** Whether the port is free within 10 s (the kernel may release it a moment after the process ends). */
    private static boolean becomesFree(int port) throws InterruptedException {
        Instant deadline = Instant.now().plusSeconds(10);
        while (!Ports.isFree(port)) {
            if (Instant.now().isAfter(deadline)) {
                return false;
            }
            Thread.sleep(50);
        }
        return true;
    }
}
