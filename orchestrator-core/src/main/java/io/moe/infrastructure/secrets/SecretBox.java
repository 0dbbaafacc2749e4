package io.moe.infrastructure.secrets;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Optional;
import java.util.logging.Logger;

/**
 * Seals short secrets (inference servers' bearer tokens) for storage with AES-256-GCM: a random 12-byte
 * nonce per value, stored as {@code v1:<base64(nonce | ciphertext+tag)>}. The key comes from
 * {@code moe.secrets.key} (base64 of 32 bytes); when that is not set, a key is generated once into
 * {@code <moe.data.dir>/secrets.key} (owner-only) and read from there on later starts, so a single node
 * keeps working across restarts. Several nodes must share {@code MOE_SECRETS_KEY}. The key and the plain
 * values are never logged; a value sealed under another key fails to open with a message saying so.
 */
@ApplicationScoped
public class SecretBox {

    static final String PREFIX = "v1:";
    private static final int NONCE_BYTES = 12;
    private static final int TAG_BITS = 128;
    private static final Logger LOG = Logger.getLogger(SecretBox.class.getName());
    private static final SecureRandom RANDOM = new SecureRandom();

    @Inject
    @ConfigProperty(name = "moe.secrets.key")
    Optional<String> configuredKey;

    @Inject
    @ConfigProperty(name = "moe.data.dir")
    String dataDir;

    private SecretKeySpec key;

    public SecretBox() {
    }

    /** A box over {@code key} (32 bytes), for code that runs without a container. */
    public SecretBox(byte[] key) {
        this.key = aesKey(key);
    }

    @PostConstruct
    void loadKey() {
        key = aesKey(configuredKey.filter(k -> !k.isBlank()).map(SecretBox::decodeKey)
                .orElseGet(() -> keyFile(Path.of(dataDir, "secrets.key"))));
    }

    public String seal(String plain) {
        try {
            byte[] nonce = new byte[NONCE_BYTES];
            RANDOM.nextBytes(nonce);
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, nonce));
            byte[] sealed = cipher.doFinal(plain.getBytes(StandardCharsets.UTF_8));
            return PREFIX + Base64.getEncoder().encodeToString(ByteBuffer.allocate(nonce.length + sealed.length)
                    .put(nonce).put(sealed).array());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM is not available in this JVM", e);
        }
    }

    /** The plain value; fails when it was sealed under another key or altered. */
    public String open(String sealed) {
        if (sealed == null || !sealed.startsWith(PREFIX)) {
            throw new IllegalArgumentException("not a sealed value");
        }
        try {
            byte[] all = Base64.getDecoder().decode(sealed.substring(PREFIX.length()));
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, all, 0, NONCE_BYTES));
            return new String(cipher.doFinal(all, NONCE_BYTES, all.length - NONCE_BYTES), StandardCharsets.UTF_8);
        } catch (AEADBadTagException e) {
            throw new IllegalStateException("a stored secret cannot be opened with this key: it was sealed under"
                    + " another MOE_SECRETS_KEY (or another data directory's secrets.key); enter it again", e);
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new IllegalStateException("a stored secret is damaged; enter it again", e);
        }
    }

    static byte[] decodeKey(String base64) {
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(base64.trim());
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("MOE_SECRETS_KEY must be base64 (e.g. from 'head -c 32 /dev/urandom | base64')");
        }
        if (bytes.length != 32) {
            throw new IllegalStateException("MOE_SECRETS_KEY must decode to 32 bytes, not " + bytes.length);
        }
        return bytes;
    }

    /** The key in {@code file}, generated there (owner-only) by the first caller. */
    static byte[] keyFile(Path file) {
        try {
            if (!Files.exists(file)) {
                byte[] fresh = new byte[32];
                RANDOM.nextBytes(fresh);
                Files.createDirectories(file.toAbsolutePath().getParent());
                Path temp = Files.createTempFile(file.toAbsolutePath().getParent(), "secrets", ".tmp",
                        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
                Files.writeString(temp, Base64.getEncoder().encodeToString(fresh));
                try {
                    Files.createLink(file, temp);
                    LOG.info(() -> "Generated the secrets key in " + file + " (set MOE_SECRETS_KEY to share one between nodes)");
                } catch (FileAlreadyExistsException raced) {
                    // another process wrote it first: use theirs
                } finally {
                    Files.delete(temp);
                }
            }
            return decodeKey(Files.readString(file));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read or create the secrets key " + file
                    + "; set MOE_SECRETS_KEY or make moe.data.dir writable", e);
        }
    }

    private static SecretKeySpec aesKey(byte[] bytes) {
        return new SecretKeySpec(bytes, "AES");
    }
}
