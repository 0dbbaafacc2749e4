package io.moe.infrastructure.oidc;

import io.moe.domain.shared.Jsonp;
import io.moe.infrastructure.http.BoundedResponses;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * The configured provider's discovery document ({@code /.well-known/openid-configuration}), read on first
 * use and kept: where its signing keys are published. A document that names another issuer is refused. A read that
 * failed is remembered for {@link #RETRY_AFTER}: while the provider is down or slow, the token checks waiting behind
 * that read (and those that come meanwhile) are refused with 503 at once instead of each trying again in turn.
 */
@ApplicationScoped
public class ProviderMetadata {

    /** The parts of the discovery document this service uses. */
    public record Endpoints(URI jwks) {
    }

    @Inject
    OidcSettings settings;

    /** The longest discovery document read (a provider's is a few KB). */
    static final int MAX_DOCUMENT_BYTES = 1024 * 1024;

    /** How long a failed read is answered from memory before the provider is asked again. */
    static final Duration RETRY_AFTER = Duration.ofSeconds(10);

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private volatile Endpoints endpoints;
    private volatile Failure failure;

    private record Failure(String message, long until) {
    }

    /**
     * The provider's endpoints.
     *
     * @throws ProviderUnavailableException the discovery document cannot be read or names another issuer
     */
    public Endpoints endpoints() {
        Endpoints current = endpoints;
        if (current == null) {
            refuseWhileFailing();
            synchronized (this) {
                if (endpoints == null) {
                    refuseWhileFailing(); // the read this call waited for failed a moment ago
                    try {
                        endpoints = discover();
                    } catch (ProviderUnavailableException e) {
                        failure = new Failure(e.getMessage(), System.nanoTime() + RETRY_AFTER.toNanos());
                        throw e;
                    }
                }
                current = endpoints;
            }
        }
        return current;
    }

    private void refuseWhileFailing() {
        Failure last = failure;
        if (last != null && last.until() - System.nanoTime() > 0) {
            throw new ProviderUnavailableException(last.message() + " (asked again " + RETRY_AFTER.toSeconds() + " s after the failure)");
        }
    }

    private Endpoints discover() {
        String issuer = settings.getIssuer();
        URI discovery = URI.create(issuer.replaceAll("/+$", "") + "/.well-known/openid-configuration");
        try {
            // bounded as a whole (headers and body): every token check waits for this read while it runs
            HttpResponse<String> response = BoundedResponses.send(http, HttpRequest.newBuilder(discovery)
                    .timeout(Duration.ofSeconds(10)).build(), MAX_DOCUMENT_BYTES, Duration.ofSeconds(10));
            if (response.statusCode() != 200) {
                throw new ProviderUnavailableException(discovery + " answered HTTP " + response.statusCode());
            }
            JsonObject document = Jsonp.readObject(response.body());
            if (!issuer.equals(document.getString("issuer", ""))) {
                throw new ProviderUnavailableException("the discovery document at " + discovery + " names the issuer '"
                        + document.getString("issuer", "") + "', not the configured '" + issuer + "'");
            }
            return new Endpoints(URI.create(document.getString("jwks_uri")));
        } catch (IOException | JsonException | ClassCastException | NullPointerException | IllegalArgumentException e) {
            throw new ProviderUnavailableException("the identity provider's discovery document " + discovery
                    + " could not be read: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ProviderUnavailableException("interrupted while reading " + discovery);
        }
    }
}
