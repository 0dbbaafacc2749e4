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
 * expiry; {@code typ} JWT or at+jwt (RFC 9068).
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
        DefaultJWTProcessor<SecurityContext> jwt = new DefaultJWTProcessor<>();
        jwt.setJWSTypeVerifier(new DefaultJOSEObjectTypeVerifier<>(JOSEObjectType.JWT, new JOSEObjectType("at+jwt"), null));
        jwt.setJWSKeySelector(new JWSVerificationKeySelector<>(ALGORITHMS, keys));
        jwt.setJWTClaimsSetVerifier(new DefaultJWTClaimsVerifier<>(settings.audience(),
                new JWTClaimsSet.Builder().issuer(settings.getIssuer()).build(), Set.of("sub", "exp")));
        return jwt;
    }
}
