package io.moe.interfaces.adminapi;

import io.moe.domain.shared.Refusal.Kind;

import io.moe.application.identity.IdentityException;
import io.moe.domain.identity.Caller;
import jakarta.annotation.Priority;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.ext.Provider;

/**
 * Enforces {@link AdminOnly} after {@link AdminCaller} has authenticated the caller: 403
 * {@code admin_required} for anyone but an admin. Every resource method of the admin API carries an
 * access declaration (a unit test makes sure), so no route is left open by forgetting a check in its body.
 */
@Provider
@AdminOnly
@Priority(Priorities.AUTHORIZATION)
public class AdminOnlyFilter implements ContainerRequestFilter {

    @Override
    public void filter(ContainerRequestContext request) {
        if (!callerOf(request).admin()) {
            throw new IdentityException(Kind.FORBIDDEN, "admin_required", null, "this route needs an admin");
        }
    }

    /** The caller {@link AdminCaller} found; 401 if, against all expectation, there is none. */
    static Caller callerOf(ContainerRequestContext request) {
        Caller caller = (Caller) request.getProperty(AdminCaller.CALLER);
        if (caller == null) {
            throw new IdentityException(Kind.UNAUTHENTICATED, "missing_credentials", null, "sign in, or send an admin API key");
        }
        return caller;
    }
}
