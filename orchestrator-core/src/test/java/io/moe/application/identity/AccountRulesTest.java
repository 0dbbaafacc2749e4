package io.moe.application.identity;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which email addresses an account may have: what a browser's email field takes, the first admin's default among them. */
class AccountRulesTest {

    @Test
    void anAddressOnADomainOrOnAHostOfItsOwnIsAnEmail() {
        assertTrue(AccountRules.isEmail("jane.doe@example.org"));
        assertTrue(AccountRules.isEmail("admin@localhost"), "the first admin's default address");
        assertTrue(AccountRules.isEmail("ops+moe@mail.intranet.example"));
    }

    @Test
    void anAddressWithoutALocalPartADomainOrWithAnEmptyLabelIsNot() {
        for (String notAnEmail : new String[]{"", "jane", "@example.org", "jane@", "jane@.org", "jane@example.", "jane@example..org",
                "jane doe@example.org", "jane@exa mple.org", "a@b@example.org", "x".repeat(65) + "@example.org",
                "jane@" + "d".repeat(250) + ".org"}) {
            assertFalse(AccountRules.isEmail(notAnEmail), notAnEmail);
        }
        assertFalse(AccountRules.isEmail(null));
    }
}
