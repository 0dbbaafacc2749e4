package io.moe.interfaces.portalapi;

import io.moe.application.identity.IdentityException;
import io.moe.application.identity.KeyAuthenticator;
import io.moe.domain.identity.Caller;
import io.moe.domain.shared.Refusal.Kind;
import io.moe.infrastructure.web.BrowserSession;
import io.moe.infrastructure.web.PasswordSignIn;
import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.ext.Provider;

import java.util.Set;

/**
 * Every route of the portal API needs the signed-in user's portal session, still standing (an active user
 * with the password it signed in with; else 401 and the session ends); a call that changes something must
 * carry the session's CSRF token in {@code X-CSRF-Token} (403 {@code csrf_token_invalid}). API keys are not
 * accepted here: the portal is for people. The caller is the session's user, with their grants.
 */
@Provider
@Priority(Priorities.AUTHENTICATION)
public class PortalCaller implements ContainerRequestFilter {

    static final String CALLER = "moe.portal.caller";
    private static final Set<String> SAFE = Set.of("GET", "HEAD", "OPTIONS");

    @Inject
    PasswordSignIn signIn;

    @Inject
    KeyAuthenticator keys;

    @Context
    HttpServletRequest http;

    @Override
    public void filter(ContainerRequestContext request) {
        BrowserSession session = BrowserSession.PORTAL;
        if (session.userId(http).isEmpty()) {
            throw new IdentityException(Kind.UNAUTHENTICATED, "missing_credentials", null, "sign in at /user/login first");
        }
        if (!SAFE.contains(request.getMethod()) && !session.csrfMatches(http, request.getHeaderString(BrowserSession.CSRF_HEADER))) {
            throw new IdentityException(Kind.FORBIDDEN, "csrf_token_invalid", null,
                    "send the session's CSRF token (meta csrf-token of the portal pages) in the X-CSRF-Token header");
        }
        String userId = session.userId(http).get();
        Caller caller = keys.forUser(userId).filter(c -> signIn.stands(http, session, PasswordSignIn.Audience.USERS))
                .orElseThrow(() -> {
                    session.invalidate(http);
                    return new IdentityException(Kind.UNAUTHENTICATED, "session_expired", null,
                            "your session has ended (the account changed or was blocked); sign in again");
                });
        http.setAttribute(CALLER, caller);
    }

    /** The caller this filter found for the request. */
    static Caller of(HttpServletRequest http) {
        Caller caller = (Caller) http.getAttribute(CALLER);
        if (caller == null) {
            throw new IdentityException(Kind.UNAUTHENTICATED, "missing_credentials", null, "sign in at /user/login first");
        }
        return caller;
    }
}
