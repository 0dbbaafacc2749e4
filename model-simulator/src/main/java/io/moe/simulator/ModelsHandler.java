package io.moe.simulator;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;

import java.io.IOException;
import java.util.List;

/** GET /v1/models (OpenAI) and GET /api/tags (Ollama): the models the simulator pretends to serve. */
final class ModelsHandler implements HttpHandler {

    static final List<String> DEFAULT_MODELS = List.of("sim-planner:7b", "sim-judge:32b", "sim-expert:7b",
            "sim-vision:7b", "sim-general:8b", "sim-expert:14b", "sim-reasoner:70b", "sim-vision:32b");

    private final List<String> models;

    ModelsHandler(List<String> models) {
        this.models = List.copyOf(models);
    }

    @Override
    public void handle(HttpExchange exchange) throws IOException {
        if (!"GET".equals(exchange.getRequestMethod())) {
            Exchanges.error(exchange, 405, "method_not_allowed", "use GET");
            return;
        }
        JsonArrayBuilder list = Json.createArrayBuilder();
        if (exchange.getRequestURI().getPath().startsWith("/api/tags")) {
            models.forEach(m -> list.add(Json.createObjectBuilder().add("name", m).add("model", m)
                    .add("size", 0).add("details", Json.createObjectBuilder().add("family", "simulator"))));
            Exchanges.json(exchange, 200, Json.createObjectBuilder().add("models", list).build());
        } else {
            models.forEach(m -> list.add(Json.createObjectBuilder().add("id", m).add("object", "model")
                    .add("created", 1767225600).add("owned_by", "simulator")));
            Exchanges.json(exchange, 200, Json.createObjectBuilder().add("object", "list").add("data", list).build());
        }
    }
}
