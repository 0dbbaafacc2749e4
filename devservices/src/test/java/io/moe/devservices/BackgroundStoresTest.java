package io.moe.devservices;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code --background}: the launcher is ready before the named stores finished starting, and survives their failure. */
class BackgroundStoresTest {

    /** A store that starts when it is let, or fails. */
    private static final class Gated implements Store {
        final String name;
        final CountDownLatch let = new CountDownLatch(1);
        final CountDownLatch closed = new CountDownLatch(1);
        final boolean fails;
        volatile boolean started;

        Gated(String name, boolean fails) {
            this.name = name;
            this.fails = fails;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public String configuredBy() {
            return "MOE_" + name.toUpperCase() + "_TEST";
        }

        @Override
        public void start() throws Exception {
            assertTrue(let.await(10, TimeUnit.SECONDS), "the test lets it start");
            if (fails) {
                throw new IllegalStateException(name + " would not start");
            }
            started = true;
        }

        @Override
        public Map<String, String> environment() {
            return Map.of(configuredBy(), "at-" + name);
        }

        @Override
        public void close() {
            closed.countDown();
        }
    }

    @Test
    void theSetIsReadyBeforeABackgroundStoreAndNamesItsUrlAlready() throws Exception {
        Gated redis = new Gated("redis", false);
        Gated neo4j = new Gated("neo4j", false);
        redis.let.countDown();
        try (StoreSet set = StoreSet.start(List.of(redis, neo4j), name -> null, Set.of("neo4j"))) {
            assertTrue(redis.started);
            assertFalse(neo4j.started, "returned while Neo4j still starts");
            assertEquals("at-neo4j", set.environment().get("MOE_NEO4J_TEST"));
            neo4j.let.countDown();
        }
        assertTrue(neo4j.closed.await(10, TimeUnit.SECONDS), "closing the set stops the background store too");
    }

    @Test
    void aBackgroundStoreThatFailsIsStoppedAndTheOthersRun() throws Exception {
        Gated redis = new Gated("redis", false);
        Gated kafka = new Gated("kafka", true);
        redis.let.countDown();
        try (StoreSet set = StoreSet.start(List.of(redis, kafka), name -> null, Set.of("kafka"))) {
            kafka.let.countDown();
            assertTrue(kafka.closed.await(10, TimeUnit.SECONDS), "the failed store is stopped");
            assertEquals(1, redis.closed.getCount(), "the others go on");
        }
    }

    @Test
    void aStoreThatIsWaitedForStillFailsTheStart() {
        Gated redis = new Gated("redis", true);
        redis.let.countDown();
        assertThrows(IllegalStateException.class, () -> StoreSet.start(List.of(redis), name -> null, Set.of("neo4j")));
    }

    @Test
    void onlyStoresWhoseUrlIsKnownFromTheirPortMayStartInTheBackground() {
        assertEquals(Set.of("neo4j", "kafka"), Options.parse(new String[]{"run", "--background", "neo4j,kafka"}).background());
        assertTrue(Options.parse(new String[]{"run"}).background().isEmpty());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Options.parse(new String[]{"run", "--background", "postgres"}));
        assertTrue(e.getMessage().startsWith("--background takes kafka,neo4j, not postgres"), e.getMessage());
    }
}
