package io.moe.interfaces.admin.sso;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.security.enterprise.authentication.mechanism.http.OpenIdAuthenticationMechanismDefinition;
import jakarta.security.enterprise.authentication.mechanism.http.openid.ClaimsDefinition;
import jakarta.security.enterprise.authentication.mechanism.http.openid.LogoutDefinition;

/**
 * The OpenID Connect relying party of the admin application, configured from {@code OidcSettings}
 * (MOE_OIDC_*). It acts only on {@code /sso} and {@code /sso/callback}, the two URLs protected for it
 * by {@link SingleSignOnRegistration}; every other page keeps its own sign-in. Signing out of a session
 * that came through it ({@code request.logout()}) sends the browser to the provider's end-session
 * endpoint, which returns it to the sign-in page at {@code MOE_ADMIN_PUBLIC_URL} (register
 * {@code <that URL>/login.xhtml} as the post-logout redirect URI; {@code ${baseURL}} is not expanded there).
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
        logout = @LogoutDefinition(notifyProvider = true, redirectURI = "${oidcSettings.postLogoutRedirectUri}"))
public class OpenIdMechanism {
}
