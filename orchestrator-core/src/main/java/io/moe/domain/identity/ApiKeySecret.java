package io.moe.domain.identity;

import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.regex.Pattern;

/**
 * A raw API key in the spec's format ({@code moe-sk-} + 48 hex characters). It exists only in memory:
 * what is stored is {@link #hash()} (SHA-256, hex) and {@link #prefix()} (first 16 characters).
 */
public record ApiKeySecret(String raw) {

    private static final Pattern FORMAT = Pattern.compile("moe-sk-[0-9a-f]{48}");
    private static final SecureRandom RANDOM = new SecureRandom();

    public ApiKeySecret {
        if (!isWellFormed(raw)) {
            throw new IllegalArgumentException("An API key is 'moe-sk-' followed by 48 lower-case hex characters");
        }
    }

    /** A fresh key from a secure random source. */
    public static ApiKeySecret generate() {
        byte[] bytes = new byte[24];
        RANDOM.nextBytes(bytes);
        return new ApiKeySecret("moe-sk-" + HexFormat.of().formatHex(bytes));
    }

    public static boolean isWellFormed(String candidate) {
        return candidate != null && FORMAT.matcher(candidate).matches();
    }

    /** SHA-256 of any presented key string, hex; used for lookups even of malformed keys. */
    public static String hashOf(String presented) {
        return io.moe.domain.shared.Digests.sha256(presented);
    }

    public String hash() {
        return hashOf(raw);
    }

    public String prefix() {
        return raw.substring(0, 16);
    }

    @Override
    public String toString() {
        return prefix() + "…";
    }
}
