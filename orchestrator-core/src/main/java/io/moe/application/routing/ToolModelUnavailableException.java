package io.moe.application.routing;

import io.moe.domain.shared.Refusal;

/**
 * The tool model of a template or a coding-client profile is on a server that is not enabled: an operator has to fix the
 * template, the profile or the server; asking again does not help ({@link #CODE} is not retried by the clients' SDKs).
 */
public class ToolModelUnavailableException extends Refusal {

    public static final String CODE = "tool_model_unavailable";

    public ToolModelUnavailableException(String template, String model) {
        this("requests with tools go to the tool model " + model + " of template '" + template + "', but its server is not "
                + "enabled; an admin has to enable it or set the template's tool_model (GET /api/servers, /api/expert-templates)");
    }

    private ToolModelUnavailableException(String message) {
        super(Kind.UNAVAILABLE, CODE, null, message);
    }

    /** The profile's tool model (for native answers and tool turns) names a server that is missing or not enabled. */
    public static ToolModelUnavailableException ofProfile(String profile, String model, String server) {
        return new ToolModelUnavailableException("coding-client profile '" + profile + "' answers with its tool model " + model
                + " on server '" + server + "', which is not enabled; an admin has to enable the server (GET /api/servers) "
                + "or change the profile's tool_endpoint");
    }
}
