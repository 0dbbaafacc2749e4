package io.moe.infrastructure.persistence;

import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.interceptor.AroundInvoke;
import jakarta.interceptor.Interceptor;
import jakarta.interceptor.InvocationContext;

/** Refuses a call to an adapter {@link BehindDatabaseBreaker} while the breaker is open, and tells it of unreachable failures. */
@BehindDatabaseBreaker
@Interceptor
@Priority(Interceptor.Priority.LIBRARY_AFTER)
public class DatabaseBreakerInterceptor {

    @Inject
    DatabaseBreaker breaker;

    @AroundInvoke
    public Object guard(InvocationContext call) throws Exception {
        breaker.admit();
        try {
            return call.proceed();
        } catch (RuntimeException e) {
            breaker.failed(e);
            throw e;
        }
    }
}
