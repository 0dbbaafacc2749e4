package io.moe.infrastructure.web;

import jakarta.persistence.PersistenceException;
import org.junit.jupiter.api.Test;

import java.net.SocketTimeoutException;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which failures the error mappers answer as a store that does not answer (503) or as a conflict (409). */
class StoreFailuresTest {

    @Test
    void aDatabaseThatCannotBeReachedOrDoesNotAnswerInTime() {
        assertTrue(StoreFailures.databaseUnreachable(new PersistenceException("refused",
                new SQLException("Connection to 127.0.0.1:25432 refused.", "08001"))), "SQL state class 08");
        assertTrue(StoreFailures.databaseUnreachable(new PersistenceException(new SQLTransientConnectionException("pool empty"))));
        assertTrue(StoreFailures.databaseUnreachable(new PersistenceException(
                new SQLException("An I/O error occurred", "58030", new SocketTimeoutException("Read timed out")))),
                "a socket timeout under a SQL failure");
    }

    @Test
    void otherFailuresAreNotTheDatabaseNotAnswering() {
        assertFalse(StoreFailures.databaseUnreachable(new IllegalStateException(new SocketTimeoutException("Read timed out"))),
                "a socket timeout of something else (a model call)");
        assertFalse(StoreFailures.databaseUnreachable(new PersistenceException(new SQLException("syntax error", "42601"))));
        assertFalse(StoreFailures.databaseUnreachable(new IllegalArgumentException("no cause")));
    }

    @Test
    void aForeignKeyRefusingARowIsAReferenceGone() {
        assertTrue(StoreFailures.referenceGone(new PersistenceException(new SQLException(
                "insert or update on table \"template_binding\" violates foreign key constraint", "23503"))));
        assertFalse(StoreFailures.referenceGone(new PersistenceException(new SQLException("duplicate key value", "23505"))));
    }

    @Test
    void aUniqueConstraintIsADuplicateKey() {
        assertTrue(StoreFailures.duplicateKey(new PersistenceException(new SQLException("duplicate key value", "23505"))));
        assertFalse(StoreFailures.duplicateKey(new PersistenceException(new SQLException("not null", "23502"))));
        assertFalse(StoreFailures.duplicateKey(new IllegalStateException("23505")));
    }

    @Test
    void aValueTooLongOrHoldingANulIsRefusedNotAFailureOfTheDatabase() {
        assertTrue(StoreFailures.valueRefused(new PersistenceException(new SQLException("value too long for type character varying(200)", "22001"))));
        assertTrue(StoreFailures.valueRefused(new PersistenceException(new SQLException("invalid byte sequence for encoding", "22021"))));
        assertFalse(StoreFailures.valueRefused(new PersistenceException(new SQLException("duplicate key value", "23505"))));
        assertFalse(StoreFailures.databaseUnreachable(new PersistenceException(new SQLException("value too long", "22001"))));
    }
}
