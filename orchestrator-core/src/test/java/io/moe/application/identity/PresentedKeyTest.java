package io.moe.application.identity;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class PresentedKeyTest {

    @Test
    void bearerComesFirstThenXApiKey() {
        assertEquals("k1", PresentedKey.from("Bearer k1", "k2"));
        assertEquals("k1", PresentedKey.from("bearer  k1 ", null));
        assertEquals("k2", PresentedKey.from(null, " k2 "));
        assertEquals("k2", PresentedKey.from("Basic abc", "k2"));
    }

    @Test
    void blankOrMissingIsNoCredential() {
        assertNull(PresentedKey.from(null, null));
        assertNull(PresentedKey.from("Bearer   ", null));
        assertEquals("k2", PresentedKey.from("Bearer   ", "k2"), "an empty bearer value leaves the x-api-key");
        assertNull(PresentedKey.from(null, "  "));
    }
}
