package io.moe.it.persistence;

import io.moe.application.identity.AfterCommit;
import jakarta.inject.Inject;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** {@code JtaAfterCommit} in the container: an action runs once its transaction committed, never after a rollback. */
@ExtendWith(ArquillianExtension.class)
class JtaAfterCommitIT {

    @Deployment
    static WebArchive deployment() {
        return JpaDeployment.of(JtaAfterCommitIT.class);
    }

    @Inject
    AfterCommit afterCommit;

    @Inject
    TestTransactions tx;

    @Test
    void anActionRunsAfterTheCommitAndNotBefore() {
        List<String> ran = new ArrayList<>();

        tx.run(() -> {
            afterCommit.run(() -> ran.add("after commit"));
            assertEquals(List.of(), ran, "not yet: the transaction is still open");
        });

        assertEquals(List.of("after commit"), ran);
    }

    @Test
    void anActionOfARolledBackTransactionNeverRuns() {
        List<String> ran = new ArrayList<>();

        assertThrows(IllegalStateException.class, () -> tx.run(() -> {
            afterCommit.run(() -> ran.add("after commit"));
            throw new IllegalStateException("rolled back");
        }));

        assertEquals(List.of(), ran);
    }
}
