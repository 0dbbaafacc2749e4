package io.moe.application.identity;

import io.moe.domain.identity.UserAccount;
import io.moe.domain.identity.UserRepository;
import org.junit.jupiter.api.Test;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Who gets a reset link asked for on /user/forgot (the link's store, the mail and the throttle stand in). */
class PasswordResetsTest {

    private final List<String> issuedFor = new ArrayList<>();

    @SuppressWarnings("unchecked")
    private static <T> T proxy(Class<T> type, InvocationHandler handler) {
        return (T) Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[]{type}, handler);
    }

    /** Resets where {@code account} is the only account, mail is configured and the throttle's counters are down. */
    private PasswordResets resets(UserAccount account) {
        PasswordResets resets = new PasswordResets();
        resets.accounts = proxy(UserRepository.class, (p, m, a) -> switch (m.getName()) {
            case "withUsername" -> Optional.of(account).filter(u -> u.username().equals(a[0]));
            case "withEmail" -> List.of();
            default -> throw new AssertionError(m.getName());
        });
        resets.links = proxy(PasswordResetStore.class, (p, m, a) -> {
            if (m.getName().equals("issue")) {
                issuedFor.add((String) a[1]);
                return null;
            }
            throw new AssertionError(m.getName());
        });
        resets.mailer = proxy(Mailer.class, (p, m, a) -> m.getName().equals("isConfigured") ? true : null);
        resets.afterCommit = action -> { }; // the mail is not what is tested here
        SignInThrottle throttle = new SignInThrottle();
        throttle.counters = proxy(SignInCounters.class, (p, m, a) -> {
            throw new IllegalStateException("Redis is down"); // unthrottled
        });
        resets.throttle = throttle;
        resets.validHours = 24;
        resets.publicUrl = "http://127.0.0.1:8088";
        return resets;
    }

    @Test
    void anAccountWithItsOwnPasswordGetsALink() {
        UserAccount local = new UserAccount("ada", "ada@example.org", "Ada", "hash", false);
        assertEquals(Optional.empty(), resets(local).request("ada", "192.0.2.1"));
        assertEquals(List.of(local.id()), issuedFor);
    }

    @Test
    void anAccountOfSingleSignOnGetsNoneForAPasswordOfItsOwnWouldOutliveItsRemovalAtTheProvider() {
        UserAccount sso = new UserAccount("bob", "bob@example.org", "Bob", "nobody-knows-it", false);
        sso.linkSingleSignOn("https://idp.example.org|bob");
        assertEquals(Optional.empty(), resets(sso).request("bob", "192.0.2.1"), "the answer is the same either way");
        assertEquals(List.of(), issuedFor);
    }
}
