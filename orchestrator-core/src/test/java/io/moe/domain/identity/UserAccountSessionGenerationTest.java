package io.moe.domain.identity;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

class UserAccountSessionGenerationTest {

    private final UserAccount admin = new UserAccount("ada", "ada@example.org", "Ada", "hash-1", true);

    @Test
    void deactivatingEndsTheSessionsForGoodEvenWhenReactivated() {
        int before = admin.sessionGeneration();
        admin.changeActive(false);
        admin.changeActive(true);
        assertNotEquals(before, admin.sessionGeneration());
    }

    @Test
    void losingAdminRightsEndsTheSessionsForGoodEvenWhenGivenBack() {
        int before = admin.sessionGeneration();
        admin.changeAdmin(false);
        admin.changeAdmin(true);
        assertNotEquals(before, admin.sessionGeneration());
    }

    @Test
    void aNewPasswordEndsTheSessionsEvenWithTheSameHash() {
        int before = admin.sessionGeneration();
        admin.changePassword("hash-1");
        assertNotEquals(before, admin.sessionGeneration());
    }

    @Test
    void changesThatLeaveAccessAsItWasKeepTheSessions() {
        int before = admin.sessionGeneration();
        admin.changeActive(true);
        admin.changeAdmin(true);
        admin.changeDisplayName("Ada L.");
        admin.changeEmail("ada@example.com");
        admin.changeTimeZone("Europe/Berlin");
        assertEquals(before, admin.sessionGeneration());
    }
}
