package io.moe.interfaces.adminapi;

import io.moe.application.identity.IdentityException;
import io.moe.application.identity.KeyAuthenticator;
import io.moe.domain.identity.Caller;
import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.ext.Provider;

/**
 * Authenticates every /api call with a bearer API key (or x-api-key). Admin rights are checked by the
 * resources: all routes need an admin, except a user reading their own usage.
 */
@Provider
@Priority(Priorities.AUTHENTICATION)
public class AdminCaller implements ContainerRequestFilter {

    static final String CALLER = "moe.admin.caller";

    @Inject
    KeyAuthenticator keys;

    @Override
    public void filter(ContainerRequestContext request) {
        String authorization = request.getHeaderString(HttpHeaders.AUTHORIZATION);
        String key = authorization != null && authorization.regionMatches(true, 0, "Bearer ", 0, 7)
                ? authorization.substring(7).trim() : request.getHeaderString("x-api-key");
        if (key == null || key.isBlank()) {
            throw new IdentityException(401, "missing_credentials", null,
                    "sign in, or send an admin API key as 'Authorization: Bearer <key>'");
        }
        Caller caller = keys.authenticate(key.trim()).orElseThrow(() -> new IdentityException(401, "invalid_credentials",
                null, "the key is unknown, revoked or expired, or its user is blocked"));
        request.setProperty(CALLER, caller);
    }
}
