package io.moe.infrastructure.oidc;

/** The identity provider's discovery document or keys cannot be read. */
public class ProviderUnavailableException extends RuntimeException {

    public ProviderUnavailableException(String message) {
        super(message);
    }
}
