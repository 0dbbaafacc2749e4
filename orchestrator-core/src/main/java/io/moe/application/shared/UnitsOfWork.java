package io.moe.application.shared;

import jakarta.enterprise.context.ApplicationScoped;

import java.util.function.Supplier;

/**
 * Runs a piece of work in a {@link UnitOfWork} of its own, for work on the application's long-lived threads (the
 * bounded reads' pool). Outside a transaction, Liberty keeps each connection such a thread used until the thread ends
 * (its local transaction lasts as long as the thread), so every long-lived thread that read the database once held a
 * pooled connection for the server's whole life. In a unit of work the connection goes back to the pool when the work
 * ends.
 */
@ApplicationScoped
public class UnitsOfWork {

    /** The result of {@code work}, run in a unit of work that ends before this returns; its failure is rethrown unchanged. */
    @UnitOfWork
    public <T> T get(Supplier<T> work) {
        return work.get();
    }
}
