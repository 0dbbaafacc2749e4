package io.moe.application.identity;

import io.moe.domain.identity.UserAccount;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** A portal user cannot take the placeholder address of a single-sign-on account that has none. */
class OwnAccountAddressTest {

    private final UserAccount ada = new UserAccount("ada", "ada@sso.invalid", "Ada", "x", false);
    private final List<String> updated = new ArrayList<>();

    private OwnAccount account() {
        OwnAccount account = new OwnAccount();
        account.users = new UserAdministration() {
            @Override
            public UserAccount user(String id) {
                return ada;
            }

            @Override
            public UserAccount update(String id, String email, String password, String displayName, Boolean admin, Boolean active) {
                updated.add(email);
                return ada;
            }
        };
        return account;
    }

    @Test
    void aPlaceholderAddressIsRefusedAsANewAddress() {
        ada.linkSingleSignOn("https://idp sub-1"); // no password needed to change the address of such an account
        IdentityException refused = assertThrows(IdentityException.class,
                () -> account().change(ada.id(), "Ada", "Bob@SSO.invalid", "UTC", null, "127.0.0.1"));
        assertEquals("email", refused.field());
        assertEquals(List.of(), updated, "nothing was changed");
    }

    @Test
    void aPasswordFilledInWhereNoneIsNeededIsNeitherCheckedNorCounted() {
        // no password hasher and no throttle here: a check would fail the save
        account().change(ada.id(), "Ada L.", "ada@sso.invalid", "Europe/Berlin", "a stale autofilled password", "127.0.0.1");
        assertEquals(List.of("ada@sso.invalid"), updated, "the name and time zone are saved");
    }

    @Test
    void anAccountKeepsItsOwnPlaceholderWhenItSavesTheFormUnchanged() {
        ada.linkSingleSignOn("https://idp sub-1");
        account().change(ada.id(), "Ada L.", "ada@sso.invalid", "UTC", null, "127.0.0.1");
        assertEquals(List.of("ada@sso.invalid"), updated);
    }
}
