package io.moe.domain.identity;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ApiKeySecretTest {

    @Test
    void generatedKeysHaveTheSpecFormatAndDiffer() {
        ApiKeySecret a = ApiKeySecret.generate();
        ApiKeySecret b = ApiKeySecret.generate();
        assertTrue(a.raw().matches("moe-sk-[0-9a-f]{48}"), a.raw());
        assertNotEquals(a.raw(), b.raw());
    }

    @Test
    void storesOnlyHashAndPrefix() {
        ApiKeySecret key = new ApiKeySecret("moe-sk-" + "ab".repeat(24));
        assertEquals(64, key.hash().length());
        assertEquals(ApiKeySecret.hashOf(key.raw()), key.hash());
        assertEquals("moe-sk-ababababa", key.prefix());
        assertFalse(key.toString().contains(key.raw()), "toString must not reveal the key");
    }

    @Test
    void rejectsMalformedKeys() {
        assertThrows(IllegalArgumentException.class, () -> new ApiKeySecret("sk-123"));
        assertThrows(IllegalArgumentException.class, () -> new ApiKeySecret("moe-sk-" + "AB".repeat(24)));
        assertFalse(ApiKeySecret.isWellFormed(null));
    }
}
