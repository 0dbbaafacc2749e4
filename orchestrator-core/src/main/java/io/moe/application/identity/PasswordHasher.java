package io.moe.application.identity;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.security.enterprise.identitystore.Pbkdf2PasswordHash;

import java.util.Map;

/** Hashes and verifies passwords with Jakarta Security's PBKDF2 (HMAC-SHA512, 210 000 iterations, 32-byte salt). */
@ApplicationScoped
public class PasswordHasher {

    @Inject
    Pbkdf2PasswordHash pbkdf2;

    @PostConstruct
    void configure() {
        pbkdf2.initialize(Map.of(
                "Pbkdf2PasswordHash.Algorithm", "PBKDF2WithHmacSHA512",
                "Pbkdf2PasswordHash.Iterations", "210000",
                "Pbkdf2PasswordHash.SaltSizeBytes", "32",
                "Pbkdf2PasswordHash.KeySizeBytes", "64"));
    }

    public String hash(String password) {
        return pbkdf2.generate(password.toCharArray());
    }

    public boolean verify(String password, String storedHash) {
        return storedHash != null && pbkdf2.verify(password.toCharArray(), storedHash);
    }
}
