package io.moe.infrastructure.redis;

import io.moe.devservices.TestStores;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.JedisPubSub;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisException;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The connection pool against a real Redis: when every connection is held (here by two listeners on a pool of two), a
 * call waits the store's timeout for one and fails, without opening the breaker (Redis is fine; this node is busy),
 * instead of waiting for as long as the connections stay held; once one is given back, calls go through again.
 */
class RedisStorePoolTest {

    @Test
    void aCallThatFindsEveryConnectionHeldFailsAfterItsTimeoutAndLeavesTheBreakerClosed() throws Exception {
        try (RedisStore store = new RedisStore(TestStores.shared().redisUrl(), 300, 2)) {
            store.put("pool-test", "1", java.time.Duration.ofMinutes(1));
            List<Listener> listeners = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                Listener l = new Listener();
                CompletableFuture.runAsync(() -> store.subscribe(l, "pool-test-" + System.nanoTime()));
                listeners.add(l);
            }
            for (Listener l : listeners) {
                l.subscribed.get(30, TimeUnit.SECONDS);
            }

            JedisException busy = assertThrows(JedisException.class, () -> store.get("pool-test"));
            assertFalse(busy instanceof JedisConnectionException, "not a Redis outage: " + busy);
            assertEquals("closed", store.breaker().state());

            listeners.get(0).unsubscribe();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            boolean answered = false;
            while (!answered && System.nanoTime() < deadline) {
                try {
                    answered = store.get("pool-test").isPresent();
                } catch (JedisException stillBusy) {
                    Thread.sleep(20); // the listener's connection is on its way back to the pool
                }
            }
            assertTrue(answered, "a connection given back serves the next call");
            listeners.get(1).unsubscribe();
        }
    }

    private static final class Listener extends JedisPubSub {
        final CompletableFuture<Void> subscribed = new CompletableFuture<>();

        @Override
        public void onSubscribe(String channel, int subscribedChannels) {
            subscribed.complete(null);
        }
    }
}
