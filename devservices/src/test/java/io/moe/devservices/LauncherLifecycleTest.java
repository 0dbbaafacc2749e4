package io.moe.devservices;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
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
    void anIncompleteEnvFileReadsAsNotReady(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("x.env");
        Files.writeString(file, "MOE_DB_URL=jdbc:postgresql://x/moe\n");
        assertTrue(EnvFile.read(file).isEmpty());
    }

    @Test
    void aTakenPortIsReportedWithTheOptionToChange() throws Exception {
        try (var simulator = io.moe.simulator.ModelSimulator.start(0)) {
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> Ports.requireFree(simulator.port(), "--simulator-port"));
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
        try {
            Ports.requireFree(port, "");
            return true;
        } catch (IllegalStateException e) {
            return false;
        }
    }
}
