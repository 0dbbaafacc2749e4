package io.moe.application.identity;

/**
 * Port: runs an action once the current transaction has committed (never after a rollback), so caches
 * are dropped only after the change they reflect is visible to every reader.
 */
public interface AfterCommit {

    /** Registers {@code action} with the current transaction; it must be called inside one. */
    void run(Runnable action);
}
