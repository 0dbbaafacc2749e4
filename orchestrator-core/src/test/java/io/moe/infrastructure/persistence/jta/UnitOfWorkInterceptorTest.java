package io.moe.infrastructure.persistence.jta;

import jakarta.interceptor.InvocationContext;
import jakarta.transaction.RollbackException;
import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;
import jakarta.transaction.TransactionalException;
import jakarta.transaction.UserTransaction;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

class UnitOfWorkInterceptorTest {

    private final Transactions transactions = new Transactions();
    private final UnitOfWorkInterceptor interceptor = new UnitOfWorkInterceptor();

    UnitOfWorkInterceptorTest() {
        interceptor.transaction = transactions;
        interceptor.registry = transactions;
    }

    @Test
    void aMethodThatReturnsRunsInATransactionThatCommits() throws Exception {
        Object result = interceptor.inOneTransaction(call(() -> {
            assertEquals(Status.STATUS_ACTIVE, transactions.getStatus(), "the method runs inside the transaction");
            return "saved";
        }));

        assertEquals("saved", result);
        assertEquals(List.of("begin", "commit"), transactions.calls);
    }

    @Test
    void aRefusalRollsBackAndReachesTheCallerUnchanged() {
        IllegalArgumentException refusal = new IllegalArgumentException("password needs at least 10 characters");

        IllegalArgumentException thrown = assertThrows(IllegalArgumentException.class,
                () -> interceptor.inOneTransaction(call(() -> {
                    throw refusal;
                })));

        assertSame(refusal, thrown);
        assertEquals(List.of("begin", "rollback"), transactions.calls);
    }

    @Test
    void aCheckedExceptionRollsBackToo() {
        assertThrows(IOException.class, () -> interceptor.inOneTransaction(call(() -> {
            throw new IOException("the file could not be read");
        })));

        assertEquals(List.of("begin", "rollback"), transactions.calls);
    }

    @Test
    void aMethodCalledInsideATransactionJoinsIt() throws Exception {
        transactions.status = Status.STATUS_ACTIVE;

        assertEquals("joined", interceptor.inOneTransaction(call(() -> "joined")));
        assertThrows(IllegalStateException.class, () -> interceptor.inOneTransaction(call(() -> {
            throw new IllegalStateException("exists already");
        })));

        assertEquals(List.of(), transactions.calls, "the caller's transaction is the caller's to end");
    }

    @Test
    void aFailedCommitIsATransactionalException() {
        transactions.commitFails = true;

        TransactionalException thrown = assertThrows(TransactionalException.class,
                () -> interceptor.inOneTransaction(call(() -> "written")));

        assertInstanceOf(RollbackException.class, thrown.getCause());
        assertEquals(List.of("begin", "commit"), transactions.calls);
    }

    @Test
    void aFailedRollbackStaysWithTheRefusal() {
        transactions.rollbackFails = true;
        IllegalArgumentException refusal = new IllegalArgumentException("name is required");

        IllegalArgumentException thrown = assertThrows(IllegalArgumentException.class,
                () -> interceptor.inOneTransaction(call(() -> {
                    throw refusal;
                })));

        assertSame(refusal, thrown);
        assertEquals("the connection is gone", thrown.getSuppressed()[0].getMessage());
    }

    private static InvocationContext call(Callable<Object> body) {
        return new InvocationContext() {
            @Override
            public Object proceed() throws Exception {
                return body.call();
            }

            @Override
            public Object getTarget() {
                return null;
            }

            @Override
            public Object getTimer() {
                return null;
            }

            @Override
            public Method getMethod() {
                return null;
            }

            @Override
            public Constructor<?> getConstructor() {
                return null;
            }

            @Override
            public Object[] getParameters() {
                return new Object[0];
            }

            @Override
            public void setParameters(Object[] params) {
            }

            @Override
            public Map<String, Object> getContextData() {
                return new HashMap<>();
            }
        };
    }

    /** The container's user transaction and registry over one status, recording what was asked of them. */
    private static final class Transactions implements UserTransaction, TransactionSynchronizationRegistry {
        final List<String> calls = new ArrayList<>();
        int status = Status.STATUS_NO_TRANSACTION;
        boolean commitFails;
        boolean rollbackFails;

        @Override
        public void begin() {
            calls.add("begin");
            status = Status.STATUS_ACTIVE;
        }

        @Override
        public void commit() throws RollbackException {
            calls.add("commit");
            status = Status.STATUS_NO_TRANSACTION;
            if (commitFails) {
                throw new RollbackException("a unique constraint was violated at flush");
            }
        }

        @Override
        public void rollback() throws jakarta.transaction.SystemException {
            calls.add("rollback");
            status = Status.STATUS_NO_TRANSACTION;
            if (rollbackFails) {
                throw new jakarta.transaction.SystemException("the connection is gone");
            }
        }

        @Override
        public void setRollbackOnly() {
            status = Status.STATUS_MARKED_ROLLBACK;
        }

        @Override
        public int getStatus() {
            return status;
        }

        @Override
        public void setTransactionTimeout(int seconds) {
        }

        @Override
        public Object getTransactionKey() {
            return status == Status.STATUS_NO_TRANSACTION ? null : this;
        }

        @Override
        public void putResource(Object key, Object value) {
        }

        @Override
        public Object getResource(Object key) {
            return null;
        }

        @Override
        public void registerInterposedSynchronization(Synchronization sync) {
        }

        @Override
        public int getTransactionStatus() {
            return status;
        }

        @Override
        public boolean getRollbackOnly() {
            return status == Status.STATUS_MARKED_ROLLBACK;
        }
    }
}
