package io.moe.interfaces.adminapi;

import io.moe.domain.shared.Refusal;
import io.moe.application.identity.IdentityException;
import io.moe.infrastructure.web.JsonBodyGuard;
import jakarta.annotation.Priority;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.ext.Provider;

/**
 * Bounds every body of the admin JSON API before a resource reads it ({@link JsonBodyGuard}), answering as
 * problem+json. It runs after authentication and authorization, so only admins make the server read a body.
 */
@Provider
@Priority(Priorities.AUTHORIZATION + 100)
public class AdminBodyLimit extends JsonBodyGuard {

    @Override
    protected RuntimeException refuse(Refusal.Kind kind, String code, String message) {
        return new IdentityException(kind, code, null, message);
    }
}
