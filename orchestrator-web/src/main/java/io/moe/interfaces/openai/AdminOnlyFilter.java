package io.moe.interfaces.openai;

import io.moe.domain.shared.Refusal.Kind;

import io.moe.domain.identity.Caller;
import jakarta.annotation.Priority;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.ext.Provider;

/** Enforces {@link AdminOnly} after {@link ApiKeyFilter}: 403 {@code admin_required} for any key but an admin's. */
@Provider
@AdminOnly
@Priority(Priorities.AUTHORIZATION)
public class AdminOnlyFilter implements ContainerRequestFilter {

    @Override
    public void filter(ContainerRequestContext request) {
        Caller caller = (Caller) request.getProperty(ApiKeyFilter.CALLER);
        if (caller == null || !caller.admin()) {
            throw new ApiError(Kind.FORBIDDEN, "admin_required", "this route is for admin keys only");
        }
    }
}
