package io.moe.application.shared;

/**
 * Port: locks held until the surrounding transaction ends, on every node that shares the database. Writes under a
 * bound that counts a whole table (the service's templates, profiles, servers) take the table's lock first, so the
 * count and the write of one request come before those of the next.
 */
public interface WriteLocks {

    /** Waits for the lock called {@code name} and holds it until the transaction ends; call inside a transaction. */
    void lock(String name);
}
