package io.moe.application.overview;

/** Port: asks one store whether it answers (each store's adapter package implements one). */
public interface StoreProbe {

    /** The store's name as an operator knows it, e.g. PostgreSQL. */
    String store();

    /** Asks the store once; never throws: a failure is a state that is down with the reason. */
    StoreState check();
}
