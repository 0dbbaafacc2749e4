package io.moe.application.identity;

import io.moe.domain.identity.SsoIdentity;
import io.moe.domain.identity.UserAccount;
import io.moe.domain.identity.UserRepository;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A first single sign-on: the address the account gets, and the admin rights that follow the provider's group. */
class SingleSignOnNewAccountTest {

    private final List<String> created = new ArrayList<>();
    private final List<String> updates = new ArrayList<>();
    private Set<String> takenAddresses = Set.of();
    private UserAccount linked;

    @Test
    void anAddressSomeoneTookHereDoesNotKeepThePersonOut() {
        takenAddresses = Set.of("ada@example.org", "ada@sso.invalid");
        accounts().admitUser(new SsoIdentity("https://idp", "sub-1", "ada", "ada@example.org", List.of()));
        assertEquals(1, created.size());
        assertTrue(created.get(0).matches("ada-[0-9a-f]{8}@sso\\.invalid"), "a placeholder of its own: " + created);
    }

    @Test
    void theProvidersAddressIsTakenWhenItIsFree() {
        accounts().admitUser(new SsoIdentity("https://idp", "sub-1", "ada", "ada@example.org", List.of()));
        assertEquals(List.of("ada@example.org"), created);
    }

    @Test
    void aLinkedAdminOutsideTheAdminGroupIsDemotedAtTheNextSignIn() {
        linked = new UserAccount("ada", "ada@example.org", "Ada", "hash", true);
        SingleSignOnAccounts sso = accounts();
        sso.followAdminGroup(new SsoIdentity("https://idp", "sub-1", "ada", null, List.of("staff")));
        assertEquals(List.of(linked.id() + " admin=false"), updates);

        updates.clear();
        sso.followAdminGroup(new SsoIdentity("https://idp", "sub-1", "ada", null, List.of("moe-admins")));
        assertEquals(List.of(), updates, "a member of the group keeps the rights");
    }

    @Test
    void theLastActiveAdminStaysOneThoughOutsideTheGroup() {
        linked = new UserAccount("ada", "ada@example.org", "Ada", "hash", true);
        SingleSignOnAccounts sso = accounts();
        sso.users = new UserAdministration() {
            @Override
            public UserAccount update(String id, String email, String password, String displayName, Boolean admin, Boolean active) {
                throw new IdentityException(io.moe.domain.shared.Refusal.Kind.CONFLICT, "last_admin", null, "the last admin");
            }
        };
        org.junit.jupiter.api.Assertions.assertDoesNotThrow(() -> sso.followAdminGroup(new SsoIdentity("https://idp", "sub-1", "ada", null, List.of())),
                "the refusal is logged, the sign-in goes on");
        assertTrue(linked.isAdmin());
    }

    private SingleSignOnAccounts accounts() {
        SingleSignOnAccounts sso = new SingleSignOnAccounts();
        sso.settings = SsoTestSettings.withGroupGrants("");
        sso.users = new UserAdministration() {
            @Override
            public UserAccount create(String username, String email, String password, String displayName, boolean admin) {
                created.add(email);
                return new UserAccount(username, email, displayName, "hash", admin);
            }

            @Override
            public UserAccount update(String id, String email, String password, String displayName, Boolean admin, Boolean active) {
                updates.add(id + " admin=" + admin);
                return linked;
            }
        };
        sso.accounts = (UserRepository) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[]{UserRepository.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "withSingleSignOn" -> Optional.ofNullable(linked);
                    case "withEmail" -> takenAddresses.contains((String) args[0]) ? List.of(new UserAccount("x", (String) args[0], "X", "h", false))
                            : List.of();
                    case "withUsername" -> Optional.empty();
                    default -> null;
                });
        return sso;
    }
}
