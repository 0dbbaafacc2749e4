package io.moe.infrastructure.tools;

import com.sun.net.httpserver.HttpServer;
import io.moe.domain.pipeline.ToolResult;
import jakarta.json.Json;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the planner is told of the tool server's tools, and what a caller learns when the server cannot be reached. */
class ToolServerClientTest {

    private HttpServer server;
    private final ToolServerHttp http = new ToolServerHttp();

    @AfterEach
    void stop() {
        http.stop(); // its outage's background trials of an unreachable server end with it
        if (server != null) {
            server.stop(0);
        }
    }

    private ToolServerClient client(String url) {
        ToolServerClient client = new ToolServerClient();
        client.url = url;
        client.token = Optional.empty();
        client.timeoutSeconds = 5;
        client.http = http;
        return client;
    }

    @Test
    void aSwitchedOffToolIsNotOfferedToThePlanner() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/tools", exchange -> {
            byte[] body = Json.createObjectBuilder().add("tools", Json.createArrayBuilder()
                    .add(Json.createObjectBuilder().add("name", "calculate").add("description", "Exact arithmetic").add("enabled", true))
                    .add(Json.createObjectBuilder().add("name", "hash_text").add("description", "Hashes").add("enabled", false)))
                    .build().toString().getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();

        String offered = client("http://127.0.0.1:" + server.getAddress().getPort()).descriptions();

        assertTrue(offered.contains("calculate"), offered);
        assertFalse(offered.contains("hash_text"), "a task naming it would only be refused: " + offered);
    }

    @Test
    void anUnreachableServerIsAFailedResultWithoutItsAddress() throws IOException {
        int closed;
        try (java.net.ServerSocket socket = new java.net.ServerSocket(0)) {
            closed = socket.getLocalPort();
        }
        ToolResult result = client("http://127.0.0.1:" + closed).invoke("calculate", Json.createObjectBuilder().add("expression", "1+1").build());

        assertFalse(result.ok());
        assertTrue(result.output().contains("could not be reached"), result.output());
        assertFalse(result.output().contains("127.0.0.1") || result.output().contains(String.valueOf(closed)),
                "answers and traces show it; the log keeps the address: " + result.output());
    }
}
