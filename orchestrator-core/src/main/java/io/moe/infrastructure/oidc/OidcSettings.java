package io.moe.infrastructure.oidc;

import io.moe.domain.identity.SsoIdentity;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The identity provider as configured (MOE_OIDC_*). Named so that the admin module's OpenID
 * mechanism reads its settings by expression; single sign-on is off while no issuer is set.
 */
@Named("oidcSettings")
@ApplicationScoped
public class OidcSettings {

    /** Where the mechanism points while single sign-on is off; no route leads there. */
    static final String UNCONFIGURED = "http://127.0.0.1:9/single-sign-on-is-not-configured";

    @Inject
    @ConfigProperty(name = "moe.oidc.issuer")
    Optional<String> issuer;

    @Inject
    @ConfigProperty(name = "moe.oidc.client-id", defaultValue = "moe-admin")
    String clientId;

    /** Optional: an empty default would count as no value at all and stop the application from starting. */
    @Inject
    @ConfigProperty(name = "moe.oidc.client-secret")
    Optional<String> clientSecret;

    @Inject
    @ConfigProperty(name = "moe.oidc.scopes", defaultValue = "openid profile email")
    String scopes;

    @Inject
    @ConfigProperty(name = "moe.oidc.groups-claim", defaultValue = "groups")
    String groupsClaim;

    @Inject
    @ConfigProperty(name = "moe.oidc.admin-group", defaultValue = "moe-admins")
    String adminGroup;

    @Inject
    @ConfigProperty(name = "moe.oidc.audience")
    Optional<String> audience;

    @Inject
    @ConfigProperty(name = "moe.admin.public-url", defaultValue = "http://127.0.0.1:8088")
    String adminPublicUrl;

    public boolean isConfigured() {
        return issuer.filter(s -> !s.isBlank()).isPresent();
    }

    /** The issuer URL without a trailing slash, as the provider's tokens must name it. */
    public String getIssuer() {
        return issuer.filter(s -> !s.isBlank()).map(String::strip).orElse(UNCONFIGURED);
    }

    public String getClientId() {
        return clientId;
    }

    public String getClientSecret() {
        return clientSecret.orElse("");
    }

    /** The scopes asked for at sign-in, for the mechanism's scope expression. */
    public String[] getScopeList() {
        return scopes.strip().split("\\s+");
    }

    public String getGroupsClaim() {
        return groupsClaim;
    }

    public String getAdminGroup() {
        return adminGroup;
    }

    @Inject
    @ConfigProperty(name = "moe.oidc.user-grants")
    Optional<String> userGrants;

    @Inject
    @ConfigProperty(name = "moe.oidc.group-grants")
    Optional<String> groupGrants;

    /** The grants of new single sign-on users and per provider group (see {@code SsoGrantRules}), as configured. */
    public String getUserGrants() {
        return userGrants.orElse("");
    }

    public String getGroupGrants() {
        return groupGrants.orElse("");
    }

    /** Where the provider sends the browser after a portal sign-out: the portal's sign-in page. */
    public String getPortalPostLogoutRedirectUri() {
        return adminPublicUrl.replaceAll("/+$", "") + "/user/login";
    }

    /** Where the provider sends the browser after a sign-out: the admin sign-in page, as browsers reach it. */
    public String getPostLogoutRedirectUri() {
        return adminPublicUrl.replaceAll("/+$", "") + "/login.xhtml";
    }

    @Inject
    @ConfigProperty(name = "moe.oidc.token-clients")
    Optional<String> tokenClients;

    /** The audience a bearer access token must carry: the configured one, else the client id. */
    public String audience() {
        return audience.filter(s -> !s.isBlank()).map(String::strip).orElse(clientId);
    }

    /**
     * Whether an audience of its own, other than the client id, is configured. Without one, the ID tokens
     * issued to the admin client carry the same audience as access tokens, so only tokens typed
     * {@code at+jwt} (RFC 9068) are accepted as bearer credentials.
     */
    public boolean hasOwnAudience() {
        return !audience().equals(clientId);
    }

    /**
     * The clients whose access tokens are accepted, as named by a token's {@code client_id} or {@code azp}
     * claim when it has one: {@code moe.oidc.token-clients} (comma-separated), else the admin client only.
     */
    public Set<String> tokenClients() {
        Set<String> listed = tokenClients.map(list -> Arrays.stream(list.split(",")).map(String::strip)
                .filter(s -> !s.isEmpty()).collect(Collectors.toUnmodifiableSet())).orElse(Set.of());
        return listed.isEmpty() ? Set.of(clientId) : listed;
    }

    /**
     * The identity in a set of claims (ID token, userinfo or access token): {@code sub},
     * {@code preferred_username}, {@code email} (unless {@code email_verified} is false) and the configured groups
     * claim (a list or one string).
     */
    public SsoIdentity identity(Function<String, Object> claims) {
        String subject = text(claims.apply("sub"));
        String username = text(claims.apply("preferred_username"));
        Object groups = claims.apply(groupsClaim);
        List<String> groupList = groups instanceof Collection<?> c ? c.stream().map(String::valueOf).toList()
                : groups == null ? List.of() : List.of(String.valueOf(groups));
        // an address the provider says it has not verified is anyone's to claim there: not taken over here
        boolean unverified = "false".equalsIgnoreCase(String.valueOf(claims.apply("email_verified")));
        return new SsoIdentity(getIssuer(), subject, username == null ? subject : username,
                unverified ? null : text(claims.apply("email")), groupList);
    }

    private static String text(Object value) {
        return value == null || String.valueOf(value).isBlank() ? null : String.valueOf(value);
    }
}
