package io.moe.interfaces.tools;

import io.moe.domain.shared.Refusal.Kind;

import io.moe.application.identity.KeyAuthenticator;
import io.moe.application.identity.PresentedKey;
import io.moe.tools.ToolException;
import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.ext.Provider;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Optional;

/**
 * Authenticates {@link ToolAuthRequired} routes. The credential comes as {@code Authorization: Bearer}
 * or {@code x-api-key}: the orchestrator's service token ({@code moe.tools.service-token}, compared in
 * constant time) or a user's API key.
 */
@Provider
@ToolAuthRequired
@Priority(Priorities.AUTHENTICATION)
public class ToolAuthFilter implements ContainerRequestFilter {

    @Inject
    KeyAuthenticator keys;

    @Inject
    @ConfigProperty(name = "moe.tools.service-token")
    Optional<String> serviceToken;

    @Override
    public void filter(ContainerRequestContext request) {
        String presented = presented(request);
        if (presented == null) {
            throw new ToolException(Kind.UNAUTHENTICATED, "missing_credentials", null,
                    "send the service token or an API key as 'Authorization: Bearer <key>' or 'x-api-key: <key>'");
        }
        if (serviceToken.filter(t -> !t.isBlank()).map(t -> sameSecret(t, presented)).orElse(false)) {
            request.setProperty(ToolCaller.PROPERTY, ToolCaller.service());
            return;
        }
        ToolCaller caller = keys.authenticate(presented).map(ToolCaller::new).orElseThrow(() -> new ToolException(Kind.UNAUTHENTICATED,
                "invalid_credentials", null, "the key is unknown, revoked or expired, or its user is blocked"));
        request.setProperty(ToolCaller.PROPERTY, caller);
    }

    private static String presented(ContainerRequestContext request) {
        return PresentedKey.from(request.getHeaderString(HttpHeaders.AUTHORIZATION), request.getHeaderString("x-api-key"));
    }

    private static boolean sameSecret(String expected, String presented) {
        return MessageDigest.isEqual(expected.getBytes(StandardCharsets.UTF_8), presented.getBytes(StandardCharsets.UTF_8));
    }
}
