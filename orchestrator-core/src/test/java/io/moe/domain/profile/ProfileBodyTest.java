package io.moe.domain.profile;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A profile sent as a body: a misspelt field is refused by name, what a GET answered with may be sent back. */
class ProfileBodyTest {

    private static final String PROFILE = "{\"name\":\"p\",\"accepted_models\":[\"m\"],\"tool_model\":\"x:1b\",\"tool_endpoint\":\"local\","
            + "\"moe_mode\":\"native\"";

    @Test
    void aMisspeltFieldIsRefusedByNameInsteadOfLeavingTheDefault() {
        InvalidProfileException e = assertThrows(InvalidProfileException.class,
                () -> ProfileSchema.parseBody(PROFILE + ",\"tool_max_token\":512}"));
        assertEquals("tool_max_token", e.field());
        assertTrue(e.getMessage().contains("tool_max_tokens"), "the fields are listed: " + e.getMessage());
    }

    @Test
    void aProfileReadFromTheApiCanBeSentBack() {
        CcProfile back = ProfileSchema.parseBody(PROFILE + ",\"tool_max_tokens\":512,\"id\":\"abc\",\"grant\":\"profile-abc\","
                + "\"is_active\":true,\"created_at\":\"2026-01-01T00:00:00Z\"}");
        assertEquals(512, back.toolMaxTokens());
    }
}
