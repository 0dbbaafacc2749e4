package io.moe.it.persistence;

import io.moe.domain.identity.UserAccount;
import io.moe.domain.identity.UserRepository;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/** Adapter tests whose rows belong to one user, created for each test and removed after it (with its rows). */
abstract class WithOwner {

    @Inject
    UserRepository users;

    @Inject
    TestTransactions tx;

    UserAccount owner;

    @BeforeEach
    void createOwner() {
        owner = JpaDeployment.newUser(false);
        tx.run(() -> users.add(owner));
    }

    @AfterEach
    void removeOwner() {
        tx.deleteUser(owner.id());
    }
}
