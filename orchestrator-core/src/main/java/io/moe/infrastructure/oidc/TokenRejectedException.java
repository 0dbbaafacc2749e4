package io.moe.infrastructure.oidc;

/** A bearer token that is not a valid access token of the configured provider. */
public class TokenRejectedException extends RuntimeException {

    public TokenRejectedException(String reason) {
        super(reason);
    }
}
