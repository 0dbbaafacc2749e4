package io.moe.infrastructure.persistence.jta;

import io.moe.application.identity.AfterCommit;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;

/**
 * Runs actions after the current JTA transaction commits, as an interposed synchronisation (after the
 * persistence context was written). Without a transaction the registry refuses the registration.
 */
@ApplicationScoped
public class JtaAfterCommit implements AfterCommit {

    @Resource
    TransactionSynchronizationRegistry transactions;

    @Override
    public void run(Runnable action) {
        transactions.registerInterposedSynchronization(new Synchronization() {
            @Override
            public void beforeCompletion() {
            }

            @Override
            public void afterCompletion(int status) {
                if (status == Status.STATUS_COMMITTED) {
                    action.run();
                }
            }
        });
    }
}
