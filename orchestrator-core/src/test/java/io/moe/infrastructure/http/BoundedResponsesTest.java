package io.moe.infrastructure.http;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** An exchange bounded as a whole: a server that stalls after its headers, and one that sends too much. */
class BoundedResponsesTest {

    private final CountDownLatch released = new CountDownLatch(1);
    private final HttpClient http = HttpClient.newHttpClient();
    private HttpServer server;

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setExecutor(Executors.newCachedThreadPool());
        server.createContext("/small", exchange -> {
            byte[] body = "{\"ok\":true}".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.createContext("/stalls", exchange -> {
            exchange.sendResponseHeaders(200, 0); // chunked: headers now, the body never ends
            OutputStream out = exchange.getResponseBody();
            out.write("{\"results\":[".getBytes(StandardCharsets.UTF_8));
            out.flush();
            try {
                released.await(60, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            exchange.close();
        });
        server.createContext("/large", exchange -> {
            exchange.sendResponseHeaders(200, 0);
            try (OutputStream out = exchange.getResponseBody()) {
                byte[] block = new byte[64 * 1024];
                for (int i = 0; i < 64; i++) {
                    out.write(block);
                }
            } catch (IOException e) {
                // the client gave the body up
            }
        });
        server.start();
    }

    @AfterEach
    void stop() {
        released.countDown();
        server.stop(0);
    }

    private HttpRequest get(String path) {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.getAddress().getPort() + path))
                .timeout(Duration.ofSeconds(30)).build();
    }

    @Test
    void aWholeAnswerWithinTheBoundsIsReadAsText() throws Exception {
        assertEquals("{\"ok\":true}", BoundedResponses.send(http, get("/small"), 1024, Duration.ofSeconds(10)).body());
    }

    @Test
    void aServerThatStallsAfterItsHeadersTimesOutAtTheTotalTime() {
        // the request's own timeout (30 s) ends at the headers; the total of 300 ms covers the body too
        HttpTimeoutException e = assertTimeoutPreemptively(Duration.ofSeconds(20), () -> assertThrows(HttpTimeoutException.class,
                () -> BoundedResponses.send(http, get("/stalls"), 1024, Duration.ofMillis(300))));
        assertTrue(e.getMessage().contains("no whole answer"), e.getMessage());
    }

    @Test
    void aBodyLargerThanTheBoundIsRefusedWithoutReadingItAll() {
        BoundedResponses.BodyTooLarge e = assertThrows(BoundedResponses.BodyTooLarge.class,
                () -> BoundedResponses.send(http, get("/large"), 256 * 1024, Duration.ofSeconds(20)));
        assertTrue(e.getMessage().contains("larger than 262144 bytes"), e.getMessage());
    }
}
