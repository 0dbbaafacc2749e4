package io.moe.application;

import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Instant;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.fail;

/** What unit tests of code that runs on the container's managed threads need outside the container. */
public final class ManagedThreads {

    private ManagedThreads() {
    }

    /** {@code threads} as the container's managed scheduled executor. */
    public static ManagedScheduledExecutorService managed(ScheduledExecutorService threads) {
        return (ManagedScheduledExecutorService) Proxy.newProxyInstance(ManagedThreads.class.getClassLoader(),
                new Class<?>[] {ManagedScheduledExecutorService.class}, (proxy, method, args) -> {
                    try {
                        return method.invoke(threads, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    /** Waits (spinning, at most 10 s) until {@code condition} holds; fails naming {@code what} otherwise. */
    public static void until(BooleanSupplier condition, String what) {
        Instant deadline = Instant.now().plusSeconds(10);
        while (!condition.getAsBoolean()) {
            if (Instant.now().isAfter(deadline)) {
                fail(what + " did not happen within 10 s");
            }
            Thread.onSpinWait();
        }
    }
}
