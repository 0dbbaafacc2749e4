package io.moe.interfaces.admin.sso;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.security.enterprise.authentication.mechanism.http.OpenIdAuthenticationMechanismDefinition;
import jakarta.security.enterprise.authentication.mechanism.http.openid.ClaimsDefinition;

/**
 * The OpenID Connect relying party of the admin application, configured from {@code OidcSettings}
 * (MOE_OIDC_*). It acts only on {@code /sso} and {@code /sso/callback}, the two URLs protected for it
 * by {@link SingleSignOnRegistration}; every other page keeps its own sign-in.
 */
@ApplicationScoped
@OpenIdAuthenticationMechanismDefinition(
        providerURI = "${oidcSettings.issuer}",
        clientId = "${oidcSettings.clientId}",
        clientSecret = "${oidcSettings.clientSecret}",
        redirectURI = "${baseURL}/sso/callback",
        scopeExpression = "${oidcSettings.scopeList}",
        claimsDefinition = @ClaimsDefinition(callerNameClaim = "sub", callerGroupsClaim = "${oidcSettings.groupsClaim}"),
        redirectToOriginalResource = false)
public class OpenIdMechanism {
}
