package io.moe.interfaces.portalapi;

import io.moe.application.identity.IdentityException;
import io.moe.domain.shared.Refusal;
import io.moe.infrastructure.web.JsonBodyGuard;
import jakarta.annotation.Priority;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.ext.Provider;

/** Bounds every body of the portal API before a resource reads it ({@link JsonBodyGuard}); runs after the session check. */
@Provider
@Priority(Priorities.AUTHORIZATION + 100)
public class PortalBodyLimit extends JsonBodyGuard {

    @Override
    protected RuntimeException refuse(Refusal.Kind kind, String code, String message) {
        return new IdentityException(kind, code, null, message);
    }
}
