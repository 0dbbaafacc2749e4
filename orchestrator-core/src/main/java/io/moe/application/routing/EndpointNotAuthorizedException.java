package io.moe.application.routing;

import io.moe.application.spend.NotPermittedException;

/** A {@code model@server} the caller holds no model_endpoint grant for. */
public class EndpointNotAuthorizedException extends NotPermittedException {

    public EndpointNotAuthorizedException(String modelId, String server) {
        super("endpoint_not_authorized", "your account may not call '" + modelId + "' directly: it needs the model_endpoint "
                + "permission '" + modelId + "' or '*@" + server + "'; ask an admin to grant it");
    }
}
