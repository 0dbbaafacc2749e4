package io.moe.interfaces.tools;

import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.ext.Provider;

/**
 * Refuses a request whose Content-Length is over {@code moe.tools.max-body-bytes} with 413
 * {@code input_too_large} before a byte of it is read. Bodies sent without a length (chunked) are cut
 * off while they are read, by {@link JsonBodies}. Runs after authentication, so anonymous callers learn
 * nothing from it.
 */
@Provider
@Priority(Priorities.AUTHORIZATION)
public class BodyLimitFilter implements ContainerRequestFilter {

    @Inject
    JsonBodies bodies;

    @Override
    public void filter(ContainerRequestContext request) {
        if (request.getLength() > bodies.maxBytes()) {
            throw JsonBodies.tooLarge(bodies.maxBytes());
        }
    }
}
