package io.moe.application.overview;

import java.util.Optional;

/** Port: asks one store whether it answers (each store's adapter package implements one). */
public interface StoreProbe {

    /** The store's name as an operator knows it, e.g. PostgreSQL. */
    String store();

    /** Asks the store once; never throws: a failure is a state that is down with the reason. */
    StoreState check();

    /**
     * The circuit breaker the store's client keeps of its own (refusing calls at once while the store does not answer),
     * for the monitoring page; empty for a store without one.
     */
    default Optional<Monitoring.Breaker> breaker() {
        return Optional.empty();
    }
}
