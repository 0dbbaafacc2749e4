package io.moe.infrastructure.redis;

import org.junit.jupiter.api.Test;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisDataException;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Redis's circuit breaker: a Redis that accepts connections and never answers (as a frozen one does) costs the first
 * operation its timeout and opens the breaker; the next operation is refused without being sent; once Redis answers
 * the background {@code PING}, operations go through again. An error Redis answers with is no outage.
 */
class RedisStoreBreakerTest {

    @Test
    void aSilentRedisOpensTheBreakerAndAnAnsweringOneClosesIt() throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
             RedisStore store = new RedisStore("redis://127.0.0.1:" + silent.getLocalPort(), 200)) {
            assertThrows(JedisConnectionException.class, () -> store.get("a-key"), "no answer within the timeout");
            assertEquals("open", store.breaker().state(), "the breaker opened");

            JedisConnectionException refused = assertThrows(JedisConnectionException.class, () -> store.increment("a-counter"));
            assertTrue(refused.getMessage().contains("not asked"), "refused without asking: " + refused.getMessage());

            Thread answering = new Thread(() -> answerPong(silent), "fake-redis");
            answering.setDaemon(true);
            answering.start();
            Instant deadline = Instant.now().plus(Duration.ofSeconds(15));
            while (store.breaker().state().equals("open") && Instant.now().isBefore(deadline)) {
                Thread.sleep(50);
            }
            assertEquals("closed", store.breaker().state(), "the background PING was answered, so the breaker closed");
            assertTrue(store.breaker().opened() >= 1);
        }
    }

    @Test
    void anErrorRedisAnswersWithLeavesTheBreakerClosed() {
        RedisStore redis = TestRedis.store();
        assertThrows(JedisDataException.class, () -> redis.eval("return redis.error_reply('refused by the script')", List.of(), List.of()));
        assertEquals("closed", redis.breaker().state());
        assertFalse(redis.get("no-such-key-" + System.nanoTime()).isPresent());
    }

    /** A stand-in that answers every command it reads with {@code +PONG}: enough for the breaker's trial. */
    private static void answerPong(ServerSocket server) {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                Thread connection = new Thread(() -> {
                    try (client; InputStream in = client.getInputStream(); OutputStream out = client.getOutputStream()) {
                        byte[] buffer = new byte[4096];
                        int read;
                        while ((read = in.read(buffer)) > 0) {
                            for (int i = 0; i < read; i++) { // one answer per command: each starts a line with '*'
                                if (buffer[i] == '*' && (i == 0 || buffer[i - 1] == '\n')) {
                                    out.write("+PONG\r\n".getBytes(StandardCharsets.US_ASCII));
                                }
                            }
                            out.flush();
                        }
                    } catch (IOException ended) {
                        // the client closed the connection
                    }
                });
                connection.setDaemon(true);
                connection.start();
            } catch (IOException closed) {
                return;
            }
        }
    }
}
