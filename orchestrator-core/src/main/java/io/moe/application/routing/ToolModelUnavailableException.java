package io.moe.application.routing;

import io.moe.domain.shared.Refusal;

/** The template's tool model is on a server that is not enabled: an operator has to fix the template or the server. */
public class ToolModelUnavailableException extends Refusal {

    public ToolModelUnavailableException(String template, String model) {
        super(Kind.UNAVAILABLE, "tool_model_unavailable", null, "requests with tools go to the tool model " + model
                + " of template '" + template + "', but its server is not enabled; an admin has to enable it or set"
                + " the template's tool_model (GET /api/servers, /api/expert-templates)");
    }
}
