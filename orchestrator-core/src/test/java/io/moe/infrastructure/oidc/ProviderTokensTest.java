package io.moe.infrastructure.oidc;

import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jose.jwk.source.ImmutableJWKSet;
import com.nimbusds.jose.proc.BadJOSEException;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import org.junit.jupiter.api.Test;

import java.util.Date;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Which bearer tokens of the provider pass as access tokens (signed here with a key of the test's own). */
class ProviderTokensTest {

    private static final String ISSUER = "https://idp.example.org";
    private static final RSAKey KEY = generate();

    private static RSAKey generate() {
        try {
            return new RSAKeyGenerator(2048).keyID("k1").generate();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static OidcSettings settings(String audience, String tokenClients) {
        OidcSettings settings = new OidcSettings();
        settings.issuer = Optional.of(ISSUER);
        settings.clientId = "moe-admin";
        settings.groupsClaim = "groups";
        settings.adminGroup = "moe-admins";
        settings.audience = Optional.ofNullable(audience);
        settings.tokenClients = Optional.ofNullable(tokenClients);
        return settings;
    }

    private static String token(String typ, String audience, String claim, String client) throws Exception {
        JWTClaimsSet.Builder claims = new JWTClaimsSet.Builder().issuer(ISSUER).subject("alice").audience(audience)
                .expirationTime(new Date(System.currentTimeMillis() + 60_000));
        if (claim != null) {
            claims.claim(claim, client);
        }
        SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID("k1").type(new JOSEObjectType(typ)).build(),
                claims.build());
        jwt.sign(new RSASSASigner(KEY));
        return jwt.serialize();
    }

    private static void process(OidcSettings settings, String token) throws Exception {
        ProviderTokens.processor(settings, new ImmutableJWKSet<>(new JWKSet(KEY.toPublicJWK()))).process(token, null);
    }

    @Test
    void withoutAnAudienceOfItsOwnAnIdTokenOfTheAdminClientIsNoAccessToken() throws Exception {
        OidcSettings settings = settings(null, null);
        assertThrows(BadJOSEException.class, () -> process(settings, token("JWT", "moe-admin", "azp", "moe-admin")),
                "an ID token (typ JWT, aud = client id) is refused");
        assertDoesNotThrow(() -> process(settings, token("at+jwt", "moe-admin", "client_id", "moe-admin")));
    }

    @Test
    void withAnAudienceOfItsOwnPlainJwtAccessTokensPass() throws Exception {
        OidcSettings settings = settings("urn:moe:api", null);
        assertDoesNotThrow(() -> process(settings, token("JWT", "urn:moe:api", null, null)));
        assertThrows(BadJOSEException.class, () -> process(settings, token("JWT", "moe-admin", null, null)),
                "an ID token of the admin client lacks the API's audience");
    }

    @Test
    void aTokenIssuedToAClientThatIsNotListedIsRefused() throws Exception {
        OidcSettings settings = settings("urn:moe:api", "moe-admin, moe-robot");
        assertDoesNotThrow(() -> process(settings, token("at+jwt", "urn:moe:api", "client_id", "moe-robot")));
        assertThrows(BadJOSEException.class, () -> process(settings, token("at+jwt", "urn:moe:api", "client_id", "other-app")));
        assertThrows(BadJOSEException.class, () -> process(settings, token("at+jwt", "urn:moe:api", "azp", "other-app")));
        assertThrows(BadJOSEException.class, () -> process(settings(null, null), token("at+jwt", "moe-admin", "client_id", "other-app")),
                "by default only the admin client's tokens are accepted");
    }
}
