package io.moe.interfaces.adminapi;

import io.moe.domain.shared.Refusal.Kind;

import io.moe.application.identity.AdminSessions;
import io.moe.application.identity.IdentityException;
import io.moe.application.identity.KeyAuthenticator;
import io.moe.application.identity.PresentedKey;
import io.moe.application.identity.SingleSignOnAdmission;
import io.moe.domain.identity.Caller;
import io.moe.domain.identity.SsoIdentity;
import io.moe.infrastructure.oidc.ProviderTokens;
import io.moe.infrastructure.oidc.ProviderUnavailableException;
import io.moe.infrastructure.oidc.TokenRejectedException;
import io.moe.interfaces.admin.AdminSession;
import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.ext.Provider;

/**
 * Authenticates every /api call: with a bearer API key (or x-api-key), with a bearer access token
 * (JWT) of the configured identity provider whose holder is in the admin group, or with the admin's browser
 * session — then every call that changes something must carry the session's CSRF token in
 * {@code X-CSRF-Token} (403 otherwise), and the session must still stand (an active admin with the
 * password it signed in with; 401 and the session ends otherwise). What each route allows is declared on
 * it ({@link AdminOnly}, {@link SelfOrAdmin}) and enforced by their filters.
 */
@Provider
@Priority(Priorities.AUTHENTICATION)
public class AdminCaller implements ContainerRequestFilter {

    static final String CALLER = "moe.admin.caller";

    private static final java.util.Set<String> SAFE = java.util.Set.of("GET", "HEAD", "OPTIONS");

    @Inject
    KeyAuthenticator keys;

    @Inject
    AdminSessions sessions;

    @Inject
    ProviderTokens providerTokens;

    @Inject
    SingleSignOnAdmission singleSignOn;

    @jakarta.ws.rs.core.Context
    jakarta.servlet.http.HttpServletRequest http;

    @Override
    public void filter(ContainerRequestContext request) {
        String key = PresentedKey.from(request.getHeaderString(HttpHeaders.AUTHORIZATION), request.getHeaderString("x-api-key"));
        if (key == null && AdminSession.userId(http).isPresent()) {
            if (!SAFE.contains(request.getMethod()) && !AdminSession.csrfMatches(http, request.getHeaderString(AdminSession.CSRF_HEADER))) {
                throw new IdentityException(Kind.FORBIDDEN, "csrf_token_invalid", null,
                        "send the session's CSRF token (meta csrf-token of the admin pages) in the X-CSRF-Token header");
            }
            String userId = AdminSession.userId(http).get();
            Caller caller = keys.forUser(userId).filter(c -> sessions.stands(userId, AdminSession.stamp(http)))
                    .orElseThrow(() -> {
                        AdminSession.invalidate(http);
                        return new IdentityException(Kind.UNAUTHENTICATED, "session_expired", null,
                                "your session has ended (the account changed or is no longer an active admin); sign in again");
                    });
            request.setProperty(CALLER, caller);
            return;
        }
        if (key == null) {
            throw new IdentityException(Kind.UNAUTHENTICATED, "missing_credentials", null,
                    "sign in, or send an admin API key as 'Authorization: Bearer <key>'");
        }
        if (ProviderTokens.looksLikeJwt(key)) {
            request.setProperty(CALLER, providerCaller(key));
            return;
        }
        Caller caller = keys.authenticate(key).orElseThrow(() -> new IdentityException(Kind.UNAUTHENTICATED, "invalid_credentials",
                null, "the key is unknown, revoked or expired, or its user is blocked"));
        request.setProperty(CALLER, caller);
    }

    /** The admin a provider's access token names; first use creates the linked local account. */
    private Caller providerCaller(String token) {
        SsoIdentity identity;
        try {
            identity = providerTokens.verify(token);
        } catch (TokenRejectedException e) {
            throw new IdentityException(Kind.UNAUTHENTICATED, "invalid_token", null,
                    "the bearer token is not a valid access token of the configured identity provider: " + e.getMessage());
        } catch (ProviderUnavailableException e) {
            throw new IdentityException(Kind.UNAVAILABLE, "identity_provider_unavailable", null, e.getMessage());
        }
        String userId = singleSignOn.admit(identity).id();
        return keys.forUser(userId).orElseThrow(() -> new IdentityException(Kind.UNAUTHENTICATED, "session_expired", null,
                "the account linked to this token is no longer active"));
    }
}
