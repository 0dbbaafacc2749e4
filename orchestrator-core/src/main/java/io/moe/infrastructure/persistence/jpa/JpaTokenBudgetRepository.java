package io.moe.infrastructure.persistence.jpa;

import io.moe.infrastructure.persistence.BehindDatabaseBreaker;
import io.moe.domain.identity.TokenBudget;
import io.moe.domain.identity.TokenBudgetRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

import java.util.Optional;

/** Token budgets in table {@code token_budget}, keyed by the user's id. */
@ApplicationScoped
@BehindDatabaseBreaker
public class JpaTokenBudgetRepository implements TokenBudgetRepository {

    @PersistenceContext(unitName = "moe")
    EntityManager em;

    @Override
    public Optional<TokenBudget> find(String userId) {
        return userId == null ? Optional.empty() : Optional.ofNullable(em.find(TokenBudget.class, userId));
    }

    @Override
    public void add(TokenBudget budget) {
        em.persist(budget);
        em.flush();
    }
}
