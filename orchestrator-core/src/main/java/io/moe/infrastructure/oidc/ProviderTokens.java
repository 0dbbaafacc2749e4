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
import jakarta.json.Json;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;

import java.io.IOException;
import java.io.StringReader;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.text.ParseException;
import java.time.Duration;
import java.util.Set;

/**
 * Verifies the identity provider's bearer access tokens: signature against the keys the provider
 * publishes (found through its discovery document, refreshed on key rotation), issuer, audience and
 * expiry; {@code typ} JWT or at+jwt (RFC 9068).
 */
@ApplicationScoped
public class ProviderTokens {

    private static final Set<JWSAlgorithm> ALGORITHMS = Set.of(JWSAlgorithm.RS256, JWSAlgorithm.RS384, JWSAlgorithm.RS512,
            JWSAlgorithm.PS256, JWSAlgorithm.ES256, JWSAlgorithm.ES384);

    @Inject
    OidcSettings settings;

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
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
                    processor = build(discoverKeys());
                }
                current = processor;
            }
        }
        return current;
    }

    private ConfigurableJWTProcessor<SecurityContext> build(URL jwksUri) {
        JWKSource<SecurityContext> keys = JWKSourceBuilder.create(jwksUri).retrying(true).build();
        DefaultJWTProcessor<SecurityContext> jwt = new DefaultJWTProcessor<>();
        jwt.setJWSTypeVerifier(new DefaultJOSEObjectTypeVerifier<>(JOSEObjectType.JWT, new JOSEObjectType("at+jwt"), null));
        jwt.setJWSKeySelector(new JWSVerificationKeySelector<>(ALGORITHMS, keys));
        jwt.setJWTClaimsSetVerifier(new DefaultJWTClaimsVerifier<>(settings.audience(),
                new JWTClaimsSet.Builder().issuer(settings.getIssuer()).build(), Set.of("sub", "exp")));
        return jwt;
    }

    /** The jwks_uri of the provider's discovery document, which must name the configured issuer. */
    private URL discoverKeys() {
        String issuer = settings.getIssuer();
        URI discovery = URI.create(issuer.replaceAll("/+$", "") + "/.well-known/openid-configuration");
        try {
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(discovery).timeout(Duration.ofSeconds(10)).build(),
                    HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new ProviderUnavailableException(discovery + " answered HTTP " + response.statusCode());
            }
            JsonObject document = Json.createReader(new StringReader(response.body())).readObject();
            if (!issuer.equals(document.getString("issuer", ""))) {
                throw new ProviderUnavailableException("the discovery document at " + discovery + " names the issuer '"
                        + document.getString("issuer", "") + "', not the configured '" + issuer + "'");
            }
            return URI.create(document.getString("jwks_uri")).toURL();
        } catch (IOException | JsonException | ClassCastException | NullPointerException | IllegalArgumentException e) {
            throw new ProviderUnavailableException("the identity provider's discovery document " + discovery
                    + " could not be read: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ProviderUnavailableException("interrupted while reading " + discovery);
        }
    }
}
