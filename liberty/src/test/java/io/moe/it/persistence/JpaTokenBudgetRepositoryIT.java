package io.moe.it.persistence;

import io.moe.domain.identity.Limits;
import io.moe.domain.identity.TokenBudget;
import io.moe.domain.identity.TokenBudgetRepository;
import jakarta.inject.Inject;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** {@code JpaTokenBudgetRepository} in the container: one budget per user, changed within the caller's transaction. */
@ExtendWith(ArquillianExtension.class)
class JpaTokenBudgetRepositoryIT extends WithOwner {

    @Deployment
    static WebArchive deployment() {
        return JpaDeployment.of(JpaTokenBudgetRepositoryIT.class);
    }

    @Inject
    TokenBudgetRepository budgets;

    @Test
    void aUserHasNoBudgetUntilOneIsAddedAndItsLimitsChangeWithTheTransaction() {
        assertEquals(Optional.empty(), budgets.find(owner.id()));
        tx.run(() -> budgets.add(TokenBudget.unlimited(owner.id())));
        assertEquals(Limits.NONE, budgets.find(owner.id()).orElseThrow().limits());

        tx.run(() -> budgets.find(owner.id()).orElseThrow().change(1_000L, null, 50_000L));

        assertEquals(new Limits(1_000L, null, 50_000L), tx.call(() -> budgets.find(owner.id()).orElseThrow().limits()));
        assertEquals(Optional.empty(), budgets.find(null));
    }
}
