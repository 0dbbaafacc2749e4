package io.moe.domain.shared;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** SHA-256 of text, hex: the one way keys, plans and cache entries are named by their content. */
public final class Digests {

    /** Copied for each digest: looking the algorithm up searches the security providers, on every key check. */
    private static final MessageDigest SHA_256;

    static {
        try {
            SHA_256 = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new ExceptionInInitializerError(e); // SHA-256 is part of every Java runtime
        }
    }

    private Digests() {
    }

    public static String sha256(String text) {
        return HexFormat.of().formatHex(sha256().digest(text.getBytes(StandardCharsets.UTF_8)));
    }

    private static MessageDigest sha256() {
        try {
            return (MessageDigest) SHA_256.clone();
        } catch (CloneNotSupportedException e) {
            throw new IllegalStateException("the runtime's SHA-256 cannot be copied", e);
        }
    }
}
