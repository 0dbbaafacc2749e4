package io.moe.infrastructure.concurrency;

import jakarta.enterprise.concurrent.ManagedThreadFactory;

import java.time.Duration;

/** One named daemon thread of the container's managed thread factory: started at most once, stopped with a bounded wait. */
public final class WorkerThread {

    private final String name;
    private volatile Thread thread;

    public WorkerThread(String name) {
        this.name = name;
    }

    /** Whether the thread was started (a volatile read: cheap enough for a request path). */
    public boolean started() {
        return thread != null;
    }

    /** Starts {@code work} on a new thread unless one was started before. */
    public synchronized void start(ManagedThreadFactory threads, Runnable work) {
        if (thread == null) {
            Thread started = threads.newThread(work);
            started.setName(name);
            started.setDaemon(true);
            started.start();
            thread = started;
        }
    }

    /** Interrupts the thread and waits at most {@code wait} for it to end. */
    public void stop(Duration wait) {
        Thread running = thread;
        if (running != null) {
            running.interrupt();
            try {
                running.join(wait.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
