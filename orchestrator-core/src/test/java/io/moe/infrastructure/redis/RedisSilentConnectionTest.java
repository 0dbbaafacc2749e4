package io.moe.infrastructure.redis;

import io.moe.application.identity.KeyCacheStore;
import io.moe.devservices.TestStores;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A Redis that stops answering without closing its connections (its host vanished, a NAT forgot them): the background
 * readers, which wait on Redis by design, must neither hang nor go on trusting a connection that hears nothing.
 */
class RedisSilentConnectionTest {

    private static final String URL = TestStores.shared().redisUrl();

    @Test
    void theKeyCacheListenerIsToldItIsDeafWhileNothingComesBackAndListensAgainAfter() throws Exception {
        List<String> heard = new CopyOnWriteArrayList<>();
        try (StallingRelay relay = StallingRelay.before(URL); RedisStore store = new RedisStore(relay.urlFor(URL), 1_000)) {
            RedisKeyCacheStore changes = new RedisKeyCacheStore();
            changes.redis = store;
            changes.listen(new KeyCacheStore.ChangeListener() {
                @Override
                public void listening() {
                    heard.add("listening");
                }

                @Override
                public void changed() {
                    heard.add("changed");
                }

                @Override
                public void deaf() {
                    heard.add("deaf");
                }
            });
            try {
                await(() -> heard.contains("listening"), "the subscription starts");
                relay.stall();
                await(() -> heard.contains("deaf"), "a silent subscription is deaf: this node stops trusting its memory");
                relay.flow();
                await(() -> heard.lastIndexOf("listening") > heard.indexOf("deaf"), "it listens again once its pongs come back: " + heard);
            } finally {
                changes.stop();
            }
        }
    }

    @Test
    void aStreamReadThatWaitsForNewEntriesFailsWithinTheTimeoutInsteadOfHanging() throws Exception {
        String stream = "moe:test:silent:" + UUID.randomUUID();
        try (StallingRelay relay = StallingRelay.before(URL); RedisStore store = new RedisStore(relay.urlFor(URL), 1_000)) {
            assertTrue(store.readGroup(stream, "g", "reader", 10, Duration.ofMillis(300), false).isEmpty(), "nothing yet: it waited and returned");
            relay.stall();
            assertTimeoutPreemptively(Duration.ofSeconds(20), () -> assertThrows(RuntimeException.class,
                    () -> store.readGroup(stream, "g", "reader", 10, Duration.ofMillis(500), false)), "the socket timeout ends the read");
        } finally {
            TestRedis.store().delete(stream);
        }
    }

    private static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, what);
            Thread.sleep(50);
        }
    }
}
