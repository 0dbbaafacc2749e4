package io.moe.infrastructure.oidc;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.jwk.source.JWKSourceBuilder;
import com.nimbusds.jose.proc.BadJOSEException;
import com.nimbusds.jose.proc.DefaultJOSEObjectTypeVerifier;
import com.nimbusds.jose.proc.JWSVerificationKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.proc.BadJWTException;
import com.nimbusds.jwt.proc.ConfigurableJWTProcessor;
import com.nimbusds.jwt.proc.DefaultJWTClaimsVerifier;
import com.nimbusds.jwt.proc.DefaultJWTProcessor;
import io.moe.domain.identity.SsoIdentity;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.net.MalformedURLException;
import java.net.URI;
import java.text.ParseException;
import java.util.Set;

/**
 * Verifies the identity provider's bearer access tokens: signature against the keys the provider
 * publishes (found through {@link ProviderMetadata}, refreshed on key rotation), issuer, audience and
 * expiry. So that an ID token never passes as an access token: with an audience of its own configured
 * ({@code moe.oidc.audience}), {@code typ} JWT or at+jwt; without one (the audience is then the client id,
 * which ID tokens carry too), {@code typ} at+jwt only (RFC 9068). A token that names its client
 * ({@code client_id}, else {@code azp}) must name one of {@link OidcSettings#tokenClients()}.
 */
@ApplicationScoped
public class ProviderTokens {

    private static final Set<JWSAlgorithm> ALGORITHMS = Set.of(JWSAlgorithm.RS256, JWSAlgorithm.RS384, JWSAlgorithm.RS512,
            JWSAlgorithm.PS256, JWSAlgorithm.ES256, JWSAlgorithm.ES384);

    @Inject
    OidcSettings settings;

    @Inject
    ProviderMetadata metadata;

    private volatile ConfigurableJWTProcessor<SecurityContext> processor;

    /** Whether a presented bearer credential has the shape of a JWT (three base64url parts). */
    public static boolean looksLikeJwt(String credential) {
        return credential != null && credential.startsWith("ey") && credential.chars().filter(c -> c == '.').count() == 2;
    }

    /**
     * The identity in a valid token.
     *
     * @throws TokenRejectedException      the token is not valid (signature, issuer, audience, expiry), or no
     *                                     provider is configured
     * @throws ProviderUnavailableException the provider's discovery document or keys cannot be fetched
     */
    public SsoIdentity verify(String token) {
        if (!settings.isConfigured()) {
            throw new TokenRejectedException("no identity provider is configured here (MOE_OIDC_ISSUER), so no JWT is "
                    + "accepted; send an admin API key instead");
        }
        try {
            JWTClaimsSet claims = processor().process(token, null);
            return settings.identity(claims.getClaims()::get);
        } catch (ParseException | BadJOSEException e) {
            throw new TokenRejectedException(e.getMessage());
        } catch (JOSEException e) {
            throw new ProviderUnavailableException("the identity provider's signing keys could not be fetched: " + e.getMessage());
        }
    }

    private ConfigurableJWTProcessor<SecurityContext> processor() {
        ConfigurableJWTProcessor<SecurityContext> current = processor;
        if (current == null) {
            synchronized (this) {
                if (processor == null) {
                    processor = build(metadata.endpoints().jwks());
                }
                current = processor;
            }
        }
        return current;
    }

    private ConfigurableJWTProcessor<SecurityContext> build(URI jwksUri) {
        JWKSource<SecurityContext> keys;
        try {
            keys = JWKSourceBuilder.create(jwksUri.toURL()).retrying(true).build();
        } catch (MalformedURLException e) {
            throw new ProviderUnavailableException("the provider's jwks_uri is not a URL: " + jwksUri);
        }
        return processor(settings, keys);
    }

    /** The checks a bearer token must pass, with the provider's keys from {@code keys}. */
    static ConfigurableJWTProcessor<SecurityContext> processor(OidcSettings settings, JWKSource<SecurityContext> keys) {
        DefaultJWTProcessor<SecurityContext> jwt = new DefaultJWTProcessor<>();
        JOSEObjectType accessToken = new JOSEObjectType("at+jwt");
        jwt.setJWSTypeVerifier(settings.hasOwnAudience()
                ? new DefaultJOSEObjectTypeVerifier<>(JOSEObjectType.JWT, accessToken, null)
                : new DefaultJOSEObjectTypeVerifier<>(accessToken));
        jwt.setJWSKeySelector(new JWSVerificationKeySelector<>(ALGORITHMS, keys));
        Set<String> clients = settings.tokenClients();
        jwt.setJWTClaimsSetVerifier(new DefaultJWTClaimsVerifier<>(settings.audience(),
                new JWTClaimsSet.Builder().issuer(settings.getIssuer()).build(), Set.of("sub", "exp")) {
            @Override
            public void verify(JWTClaimsSet claims, SecurityContext context) throws BadJWTException {
                super.verify(claims, context);
                Object client = claims.getClaim("client_id") != null ? claims.getClaim("client_id") : claims.getClaim("azp");
                if (client != null && !clients.contains(String.valueOf(client))) {
                    throw new BadJWTException("the token was issued to client '" + client + "', which is not among "
                            + "the clients whose tokens are accepted here (MOE_OIDC_TOKEN_CLIENTS)");
                }
            }
        });
        return jwt;
    }
}
