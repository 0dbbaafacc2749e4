package io.moe.simulator;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import jakarta.json.Json;
import jakarta.json.JsonObject;

import java.io.IOException;

/**
 * The test-control routes: POST /_sim/rules adds a rule (201 with its id), DELETE /_sim/rules removes
 * all, DELETE /_sim/rules/{id} one; GET /_sim/calls lists the recorded calls, DELETE clears them.
 */
final class ControlHandler implements HttpHandler {

    private final Rules rules;
    private final CallLog calls;

    ControlHandler(Rules rules, CallLog calls) {
        this.rules = rules;
        this.calls = calls;
    }

    @Override
    public void handle(HttpExchange exchange) throws IOException {
        String path = exchange.getRequestURI().getPath();
        String method = exchange.getRequestMethod();
        if (path.equals("/_sim/rules") && method.equals("POST")) {
            JsonObject body = Exchanges.jsonBody(exchange);
            if (body == null) {
                return;
            }
            try {
                Rule rule = rules.add(body);
                Exchanges.json(exchange, 201, Json.createObjectBuilder().add("id", rule.id()).build());
            } catch (IllegalArgumentException | ClassCastException e) {
                Exchanges.error(exchange, 400, "invalid_rule", e.getMessage());
            }
        } else if (path.equals("/_sim/rules") && method.equals("DELETE")) {
            rules.clear();
            Exchanges.noContent(exchange);
        } else if (path.startsWith("/_sim/rules/") && method.equals("DELETE")) {
            if (rules.remove(path.substring("/_sim/rules/".length()))) {
                Exchanges.noContent(exchange);
            } else {
                Exchanges.error(exchange, 404, "no_such_rule", "no rule " + path.substring("/_sim/rules/".length()));
            }
        } else if (path.equals("/_sim/calls") && method.equals("GET")) {
            Exchanges.json(exchange, 200, calls.toJson());
        } else if (path.equals("/_sim/calls") && method.equals("DELETE")) {
            calls.clear();
            Exchanges.noContent(exchange);
        } else {
            Exchanges.error(exchange, 404, "not_found", method + " " + path + " is not a control route");
        }
    }
}
