package io.moe.domain.shared;

import org.eclipse.microprofile.faulttolerance.exceptions.CircuitBreakerOpenException;
import org.junit.jupiter.api.Test;

import java.sql.SQLException;
import java.util.concurrent.CompletionException;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A failure in words, also one without a message ("null" in a log or a trace told an operator nothing). */
class FailuresTest {

    @Test
    void aFailureWithAMessageIsItsMessage() {
        assertEquals("Neo4j did not answer within 5 s", Failures.describe(new IllegalStateException("Neo4j did not answer within 5 s")));
    }

    @Test
    void anOpenBreakerSaysSoAndAWrapperWithoutMessageSaysWhatItWraps() {
        assertEquals("not asked: it failed repeatedly and its circuit breaker is open for a while",
                Failures.describe(new CircuitBreakerOpenException()));
        assertEquals("connection reset", Failures.describe(new CompletionException(null, new IllegalStateException("connection reset"))));
        assertEquals("NullPointerException", Failures.describe(new NullPointerException()));
    }

    @Test
    void aDatabaseFailureIsTheDriversMessageNotTheProvidersWrapping() {
        SQLException refused = new SQLException("Connection to 127.0.0.1:25432 refused.", "08001");
        RuntimeException wrapped = new RuntimeException("Exception [EclipseLink-4002] (Eclipse Persistence Services - 4.0.9): "
                + "org.eclipse.persistence.exceptions.DatabaseException\nInternal Exception: " + refused + "\nCall: SELECT 1", refused);

        assertEquals("Connection to 127.0.0.1:25432 refused.", Failures.describe(new IllegalStateException(null, wrapped)));
        assertEquals("Connection to 127.0.0.1:25432 refused.", Failures.describe(refused));
    }

    @Test
    void theRootIsTheInnermostCause() {
        IllegalStateException root = new IllegalStateException("connection reset");
        assertEquals(root, Failures.root(new CompletionException(new RuntimeException(root))));
        assertEquals(root, Failures.root(root), "a failure without a cause is its own root");
    }

    @Test
    void anAsynchronousStepsWrappersAreTakenOff() {
        IllegalStateException failure = new IllegalStateException("refused");
        assertEquals(failure, Failures.unwrapped(new CompletionException(new java.util.concurrent.ExecutionException(failure))));
        RuntimeException other = new RuntimeException(failure);
        assertEquals(other, Failures.unwrapped(other), "other wrappers are the failure itself");
        CompletionException empty = new CompletionException("no cause", null);
        assertEquals(empty, Failures.unwrapped(empty), "a wrapper without a cause stays");
    }
}
