package io.moe.it.persistence;

import io.moe.domain.identity.UserAccount;
import io.moe.domain.identity.UserRepository;
import io.moe.domain.identity.UserSearch;
import io.moe.domain.identity.UserSearch.Order;
import io.moe.domain.identity.UserSearch.Role;
import jakarta.inject.Inject;
import jakarta.persistence.PersistenceException;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code JpaUserRepository} in the container, joining the caller's transaction. */
@ExtendWith(ArquillianExtension.class)
class JpaUserRepositoryIT {

    @Deployment
    static WebArchive deployment() {
        return JpaDeployment.of(JpaUserRepositoryIT.class);
    }

    @Inject
    UserRepository users;

    @Inject
    TestTransactions tx;

    private final List<String> created = new ArrayList<>();

    @AfterEach
    void removeUsers() {
        created.forEach(tx::deleteUser);
    }

    @Test
    void anAddedUserIsFoundByIdUsernameEmailInAnyCaseAndSingleSignOnLink() {
        UserAccount user = JpaDeployment.newUser(false);
        user.linkSingleSignOn("https://idp.example.org|" + user.username());
        add(user);

        assertEquals(user.username(), users.find(user.id()).orElseThrow().username());
        assertEquals(user.id(), users.withUsername(user.username()).orElseThrow().id());
        assertEquals(List.of(user.id()), users.withEmail(user.email().toUpperCase()).stream().map(UserAccount::id).toList());
        assertEquals(user.id(), users.withSingleSignOn("https://idp.example.org|" + user.username()).orElseThrow().id());
        assertTrue(users.page(0, (int) users.count()).stream().anyMatch(u -> u.id().equals(user.id())));
        assertEquals(Optional.empty(), users.find(null));
        assertEquals(Optional.empty(), users.withUsername(user.username() + "-nobody"));
    }

    @Test
    void aChangeToAFoundUserIsWrittenWhenTheCallersTransactionCommitsAndNotWhenItRollsBack() {
        UserAccount user = JpaDeployment.newUser(false);
        add(user);

        tx.run(() -> users.find(user.id()).orElseThrow().changeDisplayName("Committed"));
        assertThrows(RuntimeException.class, () -> tx.run(() -> {
            users.find(user.id()).orElseThrow().changeDisplayName("Rolled back");
            throw new IllegalStateException("the caller fails after the change");
        }));

        assertEquals("Committed", users.find(user.id()).orElseThrow().displayName());
    }

    @Test
    void aDuplicateUsernameIsRefusedAtTheAddItself() {
        UserAccount first = JpaDeployment.newUser(false);
        add(first);
        UserAccount twin = new UserAccount(first.username(), "twin-" + first.email(), "Twin", "not-a-hash", false);
        AtomicReference<RuntimeException> atAdd = new AtomicReference<>();

        assertThrows(RuntimeException.class, () -> tx.run(() -> {
            try {
                users.add(twin);
            } catch (RuntimeException e) {
                atAdd.set(e);
                throw e;
            }
        }));

        assertInstanceOf(PersistenceException.class, atAdd.get(), "written at once, so the caller sees it at the call");
        assertEquals(first.id(), users.withUsername(first.username()).orElseThrow().id());
    }

    @Test
    void anActiveAdminIsCountedAndLockedUntilItIsDeactivated() {
        long before = users.countActiveAdmins();
        UserAccount admin = JpaDeployment.newUser(true);
        add(admin);

        assertEquals(before + 1, users.countActiveAdmins());
        assertTrue(tx.call(() -> users.lockActiveAdmins().stream().anyMatch(u -> u.id().equals(admin.id()))));

        tx.run(() -> users.find(admin.id()).orElseThrow().changeActive(false));

        assertEquals(before, users.countActiveAdmins());
        assertTrue(tx.call(() -> users.lockActiveAdmins().stream().noneMatch(u -> u.id().equals(admin.id()))));
    }

    @Test
    void aLockedUserIsTheStoredOneAndAnUnknownIdLocksNothing() {
        UserAccount user = JpaDeployment.newUser(false);
        add(user);

        assertEquals(user.username(), tx.call(() -> users.lock(user.id()).orElseThrow().username()));
        assertTrue(tx.call(() -> users.lock(user.id() + "-nobody").isEmpty()));
        assertTrue(tx.call(() -> users.lock(null).isEmpty()));
    }

    @Test
    void lockingAUserKeepsAChangeMadeToItEarlierInTheTransaction() {
        UserAccount user = JpaDeployment.newUser(false);
        add(user);
        String link = "https://idp.example.org " + user.id();

        tx.run(() -> {
            users.find(user.id()).orElseThrow().linkSingleSignOn(link); // as the first single sign-on does
            users.lock(user.id()); // as the grants given right after it do
        });

        assertEquals(user.id(), users.withSingleSignOn(link).orElseThrow().id(), "the link was written, not read over by the lock");
    }

    @Test
    void aSearchFindsTextsIgnoringCaseAndRolesAndStatesAndPagesInItsOrder() {
        String tag = UUID.randomUUID().toString().substring(0, 8);
        UserAccount anna = new UserAccount("srch-" + tag + "-anna", "Anna@" + tag + ".example.org", "Anna 50% Off", "not-a-hash", false);
        UserAccount bob = new UserAccount("srch-" + tag + "-bob", "bob@" + tag + ".example.org", "Bob 50 Off", "not-a-hash", false);
        bob.changeExpert(true);
        bob.changeActive(false);
        UserAccount carl = new UserAccount("srch-" + tag + "-carl", "carl@" + tag + ".example.org", "Carl", "not-a-hash", true);
        UserAccount dan = new UserAccount("srch-" + tag + "_dan", "dan@" + tag + ".example.org", "Dan", "not-a-hash", false);
        List.of(anna, bob, carl, dan).forEach(this::add);

        UserSearch all = new UserSearch("SRCH-" + tag, tag.toUpperCase(), null, null, Order.EMAIL, true);
        assertEquals(4, users.count(all));
        assertEquals(List.of(anna.id(), bob.id(), carl.id(), dan.id()), ids(all, 0, 10));
        assertEquals(List.of(bob.id(), carl.id()), ids(all, 1, 2), "a page");
        assertEquals(List.of(dan.id(), carl.id(), bob.id(), anna.id()),
                ids(new UserSearch(all.name(), all.email(), null, null, Order.EMAIL, false), 0, 10));

        assertEquals(List.of(anna.id()), ids(new UserSearch("50%", tag, null, null, Order.EMAIL, true), 0, 10), "% is itself");
        assertEquals(List.of(dan.id()), ids(new UserSearch(tag + "_", tag, null, null, Order.EMAIL, true), 0, 10), "_ is itself");
        assertEquals(List.of(bob.id(), carl.id()), ids(new UserSearch(null, tag, Set.of(Role.EXPERT, Role.ADMIN), null, Order.EMAIL, true), 0, 10));
        assertEquals(List.of(anna.id(), dan.id()), ids(new UserSearch(null, tag, Set.of(Role.USER), null, Order.EMAIL, true), 0, 10));
        assertEquals(List.of(bob.id()), ids(new UserSearch(null, tag, null, false, Order.EMAIL, true), 0, 10));
        assertEquals(3, users.count(new UserSearch(null, tag, null, true, Order.EMAIL, true)));
        assertEquals(List.of(carl.id(), bob.id()), ids(new UserSearch(null, tag, null, null, Order.ROLE, false), 0, 2),
                "admins, then experts, then users");
    }

    private List<String> ids(UserSearch search, int offset, int limit) {
        return users.search(search, offset, limit).stream().map(UserAccount::id).toList();
    }

    private void add(UserAccount user) {
        tx.run(() -> users.add(user));
        created.add(user.id());
    }
}
