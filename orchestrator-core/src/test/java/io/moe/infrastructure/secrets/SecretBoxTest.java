package io.moe.infrastructure.secrets;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.Base64;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SecretBoxTest {

    private static byte[] key(int fill) {
        byte[] k = new byte[32];
        Arrays.fill(k, (byte) fill);
        return k;
    }

    @Test
    void aSealedValueOpensUnderTheSameKeyOnlyAndNeverShowsThePlainText() {
        SecretBox box = new SecretBox(key(1));
        String sealed = box.seal("sk-live-123");
        assertTrue(sealed.startsWith("v1:"));
        assertFalse(sealed.contains("sk-live-123"));
        assertNotEquals(sealed, box.seal("sk-live-123"), "a fresh nonce per value");
        assertEquals("sk-live-123", box.open(sealed));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> new SecretBox(key(2)).open(sealed));
        assertTrue(e.getMessage().contains("MOE_SECRETS_KEY"), e.getMessage());
    }

    @Test
    void anAlteredValueDoesNotOpen() {
        SecretBox box = new SecretBox(key(1));
        byte[] raw = Base64.getDecoder().decode(box.seal("token").substring(3));
        raw[raw.length - 1] ^= 1;
        assertThrows(IllegalStateException.class, () -> box.open("v1:" + Base64.getEncoder().encodeToString(raw)));
        assertThrows(IllegalArgumentException.class, () -> box.open("plain"));
    }

    @Test
    void aConfiguredKeyMustBe32BytesOfBase64() {
        assertArrayEquals(key(3), SecretBox.decodeKey(Base64.getEncoder().encodeToString(key(3))));
        assertThrows(IllegalStateException.class, () -> SecretBox.decodeKey(Base64.getEncoder().encodeToString(new byte[16])));
        assertThrows(IllegalStateException.class, () -> SecretBox.decodeKey("not base64!"));
    }

    @Test
    void withoutAConfiguredKeyOneIsGeneratedOnceIntoTheDataDirectory(@TempDir Path data) throws Exception {
        Path file = data.resolve("secrets.key");
        byte[] first = SecretBox.keyFile(file);
        assertEquals(32, first.length);
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        assertArrayEquals(first, SecretBox.keyFile(file), "the second start reads the same key");
        try (var files = Files.list(data)) {
            assertEquals(1, files.count(), "no temporary file is left behind");
        }
    }
}
