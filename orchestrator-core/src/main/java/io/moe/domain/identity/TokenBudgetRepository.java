package io.moe.domain.identity;

import java.util.Optional;

/** Port: each user's token limits (at most one budget per user, keyed by the user's id). {@link #add} writes at once. */
public interface TokenBudgetRepository {

    Optional<TokenBudget> find(String userId);

    void add(TokenBudget budget);
}
