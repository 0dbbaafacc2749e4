package io.moe.application.routing;

import io.moe.domain.shared.Refusal;

import java.util.List;

/** A {@code model} that names nothing this caller may use; the message lists what it may. */
public class RouteNotFoundException extends Refusal {

    public RouteNotFoundException(String modelId, List<String> usable) {
        super(Kind.NOT_FOUND, "model_not_found", "model", "unknown model '" + modelId + "'; this key may use: "
                + (usable.isEmpty() ? "nothing yet (ask an admin for a permission)" : String.join(", ", usable))
                + " (GET /v1/models lists them)");
    }
}
