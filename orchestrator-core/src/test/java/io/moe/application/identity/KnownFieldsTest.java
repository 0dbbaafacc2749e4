package io.moe.application.identity;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class KnownFieldsTest {

    private static final List<String> KEY_FIELDS = List.of("label", "expires_at", "cc_profile_id");

    @Test
    void aMisspeltFieldIsNamedWithTheFieldsThereAre() {
        IdentityException refused = assertThrows(IdentityException.class,
                () -> KnownFields.check(List.of("label", "expires"), KEY_FIELDS));
        assertEquals("expires", refused.field());
        assertEquals("unknown field 'expires'; the fields are cc_profile_id, expires_at, label", refused.getMessage());
    }

    @Test
    void knownFieldsOrNoneAtAllPass() {
        assertDoesNotThrow(() -> KnownFields.check(List.of("expires_at", "label"), KEY_FIELDS));
        assertDoesNotThrow(() -> KnownFields.check(List.of(), KEY_FIELDS));
    }
}
