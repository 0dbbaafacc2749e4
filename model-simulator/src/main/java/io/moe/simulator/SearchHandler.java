package io.moe.simulator;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;

import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * GET /search?q=…&format=json in SearXNG's JSON shape: three deterministic results per query. Rules with
 * role "search" can add latency or make it fail; every search is in the call log as role "search".
 */
final class SearchHandler implements HttpHandler {

    private final Rules rules;
    private final CallLog calls;

    SearchHandler(Rules rules, CallLog calls) {
        this.rules = rules;
        this.calls = calls;
    }

    @Override
    public void handle(HttpExchange exchange) throws IOException {
        String q = query(exchange.getRequestURI().getRawQuery(), "q");
        if (q == null || q.isBlank()) {
            Exchanges.error(exchange, 400, "missing_query", "query parameter q is required");
            return;
        }
        calls.recordSearch(q);
        SimRequest asRequest = new SimRequest("search", "", q, q, false, false, false, 0, 0, java.util.List.of(), false, "user", q);
        var rule = rules.take(asRequest, Role.SEARCH, null);
        if (rule.isPresent() && rule.get().latencyMs() > 0) {
            try {
                Thread.sleep(rule.get().latencyMs()); // the scripted latency of a slow search engine
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (rule.isPresent() && rule.get().fault() != null) {
            Exchanges.error(exchange, 503, "unavailable", "scripted search fault");
            return;
        }
        String slug = q.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("(^-|-$)", "");
        JsonArrayBuilder results = Json.createArrayBuilder();
        for (int i = 1; i <= 3; i++) {
            results.add(Json.createObjectBuilder()
                    .add("url", "https://example.org/" + slug + "-" + i)
                    .add("title", "Result " + i + " for " + q)
                    .add("content", "Simulated search result " + i + " about " + q + ". It states one fact per result.")
                    .add("engine", "simulator")
                    .add("score", 1.0 / i));
        }
        Exchanges.json(exchange, 200, Json.createObjectBuilder().add("query", q)
                .add("number_of_results", 3).add("results", results).build());
    }

    private static String query(String raw, String name) {
        if (raw == null) {
            return null;
        }
        for (String pair : raw.split("&")) {
            int eq = pair.indexOf('=');
            String key = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
            if (key.equals(name)) {
                return eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            }
        }
        return null;
    }
}
