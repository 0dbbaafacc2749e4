package io.moe.interfaces.adminapi;

import io.moe.domain.shared.Refusal.Kind;

import io.moe.application.identity.IdentityException;
import io.moe.domain.identity.Caller;
import jakarta.annotation.Priority;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.ext.Provider;

/** Enforces {@link SelfOrAdmin}: 403 {@code forbidden} for a non-admin asking about another user's records. */
@Provider
@SelfOrAdmin
@Priority(Priorities.AUTHORIZATION)
public class SelfOrAdminFilter implements ContainerRequestFilter {

    @Override
    public void filter(ContainerRequestContext request) {
        Caller caller = AdminOnlyFilter.callerOf(request);
        String id = request.getUriInfo().getPathParameters().getFirst("id");
        if (!caller.admin() && !caller.userId().equals(id)) {
            throw new IdentityException(Kind.FORBIDDEN, "forbidden", null, "you may read only your own records");
        }
    }
}
