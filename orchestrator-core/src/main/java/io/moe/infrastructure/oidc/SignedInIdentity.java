package io.moe.infrastructure.oidc;

import io.moe.domain.identity.SsoIdentity;
import jakarta.security.enterprise.identitystore.openid.Claims;
import jakarta.security.enterprise.identitystore.openid.OpenIdContext;

import java.util.List;

/** The identity a browser sign-in through the OpenID mechanism established: the ID token's claims, else userinfo's. */
public final class SignedInIdentity {

    private SignedInIdentity() {
    }

    public static SsoIdentity of(OidcSettings settings, OpenIdContext openId) {
        return settings.identity(name -> claim(settings, openId, name));
    }

    /** A claim of the ID token, else of the userinfo response; the groups claim as a list. */
    private static Object claim(OidcSettings settings, OpenIdContext openId, String name) {
        if ("sub".equals(name)) {
            return openId.getSubject();
        }
        Claims token = openId.getIdentityToken().getJwtClaims();
        Claims userinfo = openId.getClaims();
        if (name.equals(settings.getGroupsClaim())) {
            List<String> groups = token.getArrayStringClaim(name);
            return groups.isEmpty() ? userinfo.getArrayStringClaim(name) : groups;
        }
        if (EMAIL_VERIFIED.equals(name)) { // a boolean, which the container's claims do not read: from the token itself
            return verifiedMark(openId);
        }
        try {
            return token.getStringClaim(name).or(() -> userinfo.getStringClaim(name)).orElse(null);
        } catch (ClassCastException notText) {
            return null; // a claim of another type than the one asked for reads as absent
        }
    }

    private static final String EMAIL_VERIFIED = "email_verified";

    /** The ID token's {@code email_verified} (the container verified the token already), or null when it has none. */
    private static Object verifiedMark(OpenIdContext openId) {
        try {
            return com.nimbusds.jwt.JWTParser.parse(openId.getIdentityToken().getToken()).getJWTClaimsSet().getClaim(EMAIL_VERIFIED);
        } catch (java.text.ParseException | RuntimeException unreadable) {
            return null;
        }
    }
}
