package io.moe.infrastructure.faces;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SameOriginFormsTest {

    private static final String PUBLIC = "https://admin.example.org";

    @Test
    void theSiteTheRequestWentToOrItsPublicAddressIsTheSameOrigin() {
        assertTrue(SameOriginForms.sameOrigin("http://127.0.0.1:8088", "127.0.0.1:8088", PUBLIC));
        assertTrue(SameOriginForms.sameOrigin("https://admin.example.org", "admin.example.org", PUBLIC), "default ports");
        assertTrue(SameOriginForms.sameOrigin("https://admin.example.org", "10.0.0.5:8088", PUBLIC), "a proxy that rewrites Host");
        assertTrue(SameOriginForms.sameOrigin("https://ADMIN.example.org:443", "10.0.0.5:8088", PUBLIC));
    }

    @Test
    void anotherSiteANullOriginOrGarbageIsNot() {
        assertFalse(SameOriginForms.sameOrigin("https://evil.example", "127.0.0.1:8088", PUBLIC));
        assertFalse(SameOriginForms.sameOrigin("http://127.0.0.1:9999", "127.0.0.1:8088", PUBLIC), "another port");
        assertFalse(SameOriginForms.sameOrigin("http://admin.example.org", "10.0.0.5:8088", PUBLIC), "the public address by another scheme");
        assertFalse(SameOriginForms.sameOrigin("null", "127.0.0.1:8088", PUBLIC));
        assertFalse(SameOriginForms.sameOrigin("ht tp://x", "127.0.0.1:8088", PUBLIC));
        assertFalse(SameOriginForms.sameOrigin("https://evil.example", null, null));
    }
}
