package io.moe.application;

import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.concurrent.ManagedThreadFactory;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Instant;
import java.util.List;
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

    /** The container's managed thread factory as plain threads, each noted in {@code started} (to interrupt them after a test). */
    public static ManagedThreadFactory threads(List<Thread> started) {
        return (ManagedThreadFactory) Proxy.newProxyInstance(ManagedThreads.class.getClassLoader(),
                new Class<?>[] {ManagedThreadFactory.class}, (proxy, method, args) -> {
                    Thread thread = new Thread((Runnable) args[0]);
                    started.add(thread);
                    return thread;
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
