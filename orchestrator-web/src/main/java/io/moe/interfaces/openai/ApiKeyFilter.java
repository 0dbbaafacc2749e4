package io.moe.interfaces.openai;

import io.moe.domain.shared.Refusal.Kind;

import io.moe.application.identity.KeyAuthenticator;
import io.moe.application.identity.PresentedKey;
import io.moe.application.spend.SpendMetrics;
import io.moe.domain.identity.Caller;
import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.ext.Provider;

/**
 * Authenticates {@link KeyRequired} routes: the key comes from {@code Authorization: Bearer <key>} or
 * {@code x-api-key}; an unknown, revoked, expired or blocked key is refused with 401.
 */
@Provider
@KeyRequired
@Priority(Priorities.AUTHENTICATION)
public class ApiKeyFilter implements ContainerRequestFilter {

    public static final String CALLER = "moe.caller";

    @Inject
    KeyAuthenticator keys;

    @Inject
    SpendMetrics metrics;

    @Override
    public void filter(ContainerRequestContext request) {
        String key = presentedKey(request);
        if (key == null) {
            metrics.request("none", false, null);
            throw new ApiError(Kind.UNAUTHENTICATED, "missing_api_key",
                    "an API key is required: send 'Authorization: Bearer <key>' or 'x-api-key: <key>'");
        }
        Caller caller = keys.authenticate(key).orElseThrow(() -> {
            metrics.request("none", false, null);
            return new ApiError(Kind.UNAUTHENTICATED, "invalid_api_key",
                    "the API key is unknown, revoked or expired, or its user is blocked");
        });
        request.setProperty(CALLER, caller);
    }

    static String presentedKey(ContainerRequestContext request) {
        return PresentedKey.from(request.getHeaderString(HttpHeaders.AUTHORIZATION), request.getHeaderString("x-api-key"));
    }
}
