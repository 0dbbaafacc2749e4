package io.moe.interfaces.portal.sso;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.security.enterprise.authentication.mechanism.http.OpenIdAuthenticationMechanismDefinition;
import jakarta.security.enterprise.authentication.mechanism.http.openid.ClaimsDefinition;
import jakarta.security.enterprise.authentication.mechanism.http.openid.LogoutDefinition;

/**
 * The portal's OpenID Connect relying party: the same provider and client as the admin application
 * ({@code OidcSettings}, MOE_OIDC_*), with its own redirect URI {@code <MOE_ADMIN_PUBLIC_URL>/user/sso/callback}
 * (register it at the provider beside the admin one) and {@code <MOE_ADMIN_PUBLIC_URL>/user/login} as the
 * post-logout redirect. It acts only on the URLs {@link PortalSingleSignOnRegistration} protects for it.
 */
@ApplicationScoped
@OpenIdAuthenticationMechanismDefinition(
        providerURI = "${oidcSettings.issuer}",
        clientId = "${oidcSettings.clientId}",
        clientSecret = "${oidcSettings.clientSecret}",
        redirectURI = "${baseURL}/sso/callback",
        scopeExpression = "${oidcSettings.scopeList}",
        claimsDefinition = @ClaimsDefinition(callerNameClaim = "sub", callerGroupsClaim = "${oidcSettings.groupsClaim}"),
        redirectToOriginalResource = false,
        logout = @LogoutDefinition(notifyProvider = true, redirectURI = "${oidcSettings.portalPostLogoutRedirectUri}"))
public class PortalOpenIdMechanism {
}
