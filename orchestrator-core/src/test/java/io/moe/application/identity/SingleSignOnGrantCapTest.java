package io.moe.application.identity;

import io.moe.domain.identity.Permission;
import io.moe.domain.identity.SsoIdentity;
import io.moe.domain.identity.UserAccount;
import io.moe.domain.identity.UserRepository;
import io.moe.domain.shared.Refusal.Kind;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** A person who already holds as many grants as one user may still signs in to the portal. */
class SingleSignOnGrantCapTest {

    private final UserAccount linked = new UserAccount("ada", "ada@example.org", "Ada", "hash", false);
    private final List<String> asked = new ArrayList<>();

    @Test
    void aGrantOverTheCapIsLeftOutAndTheSignInGoesOn() {
        SingleSignOnAccounts sso = accounts(new IdentityException(Kind.CONFLICT, "too_many_permissions", null, "full"));
        UserAccount admitted = sso.admitUser(new SsoIdentity("https://idp", "sub-1", "ada", "ada@example.org", List.of("staff")));
        assertSame(linked, admitted);
        assertEquals(List.of("moe_mode:moe_reasoning", "model_endpoint:*@gpu"), asked, "every grant of the group was tried");
    }

    @Test
    void aRuleNamingATemplateThatIsNoMoreIsLeftOutAndTheSignInGoesOn() {
        SingleSignOnAccounts sso = accounts(IdentityException.invalid("resource_id", "no expert template has the id 'tmpl-gone'"));
        assertSame(linked, sso.admitUser(new SsoIdentity("https://idp", "sub-1", "ada", "ada@example.org", List.of("staff"))));
    }

    @Test
    void anyOtherRefusalOfAGrantStillStopsTheSignIn() {
        SingleSignOnAccounts sso = accounts(new IdentityException(Kind.NOT_FOUND, "not_found", null, "no user"));
        assertThrows(IdentityException.class,
                () -> sso.admitUser(new SsoIdentity("https://idp", "sub-1", "ada", "ada@example.org", List.of("staff"))));
    }

    private SingleSignOnAccounts accounts(IdentityException refusal) {
        SingleSignOnAccounts sso = new SingleSignOnAccounts();
        sso.settings = SsoTestSettings.withGroupGrants("staff=moe_mode:moe_reasoning model_endpoint:*@gpu");
        sso.users = new UserAdministration() {
            @Override
            public Permission grant(String userId, String type, String resourceId) {
                asked.add(type + ":" + resourceId);
                throw refusal;
            }
        };
        sso.accounts = (UserRepository) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[]{UserRepository.class},
                (proxy, method, args) -> method.getName().equals("withSingleSignOn") ? Optional.of(linked) : null);
        return sso;
    }
}
