package io.moe.simulator;

import com.sun.net.httpserver.HttpExchange;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;

import java.io.IOException;
import java.io.OutputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;

/** Small helpers to read JSON from and write JSON to a JDK {@link HttpExchange}. */
final class Exchanges {

    private Exchanges() {
    }

    static String body(HttpExchange exchange) throws IOException {
        return new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
    }

    /** The body as a JSON object, or null after answering 400 when it is not one. */
    static JsonObject jsonBody(HttpExchange exchange) throws IOException {
        String body = body(exchange);
        try {
            JsonValue value = Json.createReader(new StringReader(body)).readValue();
            if (value instanceof JsonObject o) {
                return o;
            }
        } catch (jakarta.json.JsonException e) {
            // answered below
        }
        error(exchange, 400, "invalid_json", "the request body must be a JSON object");
        return null;
    }

    static void json(HttpExchange exchange, int status, JsonValue body) throws IOException {
        byte[] bytes = body.toString().getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    static void error(HttpExchange exchange, int status, String code, String message) throws IOException {
        json(exchange, status, Json.createObjectBuilder().add("error", Json.createObjectBuilder()
                .add("message", message).add("type", status >= 500 ? "server_error" : "invalid_request_error")
                .add("code", code)).build());
    }

    static void noContent(HttpExchange exchange) throws IOException {
        exchange.sendResponseHeaders(204, -1);
        exchange.close();
    }
}
