package io.moe.infrastructure.persistence.jta;

import io.moe.application.shared.UnitOfWork;
import jakarta.annotation.Priority;
import jakarta.annotation.Resource;
import jakarta.interceptor.AroundInvoke;
import jakarta.interceptor.Interceptor;
import jakarta.interceptor.InvocationContext;
import jakarta.transaction.HeuristicMixedException;
import jakarta.transaction.HeuristicRollbackException;
import jakarta.transaction.RollbackException;
import jakarta.transaction.Status;
import jakarta.transaction.SystemException;
import jakarta.transaction.TransactionSynchronizationRegistry;
import jakarta.transaction.TransactionalException;
import jakarta.transaction.UserTransaction;

/**
 * {@link UnitOfWork} on the container's transaction manager: joins the thread's transaction when there is one,
 * otherwise begins one, commits it on return and rolls it back on any exception, which it then rethrows unchanged
 * (the caller's 4xx mapping sees the refusal itself). A commit that fails throws {@link TransactionalException},
 * as {@code @Transactional} does. Same priority as the platform's transactional interceptors.
 */
@UnitOfWork
@Interceptor
@Priority(Interceptor.Priority.PLATFORM_BEFORE + 200)
public class UnitOfWorkInterceptor {

    @Resource
    UserTransaction transaction;

    @Resource
    TransactionSynchronizationRegistry registry;

    @AroundInvoke
    public Object inOneTransaction(InvocationContext call) throws Exception {
        if (registry.getTransactionStatus() != Status.STATUS_NO_TRANSACTION) {
            return call.proceed();
        }
        transaction.begin();
        Object result;
        try {
            result = call.proceed();
        } catch (Throwable failure) {
            rollBack(failure);
            throw failure;
        }
        commit();
        return result;
    }

    private void commit() {
        try {
            transaction.commit();
        } catch (RollbackException | HeuristicMixedException | HeuristicRollbackException | SystemException e) {
            throw new TransactionalException("the transaction could not be committed: " + e.getMessage(), e);
        }
    }

    private void rollBack(Throwable failure) {
        try {
            transaction.rollback();
        } catch (SystemException | IllegalStateException | SecurityException e) {
            failure.addSuppressed(e);
        }
    }
}
