package io.moe.infrastructure.stores;

import io.moe.application.overview.Monitoring;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.logging.Logger;

/**
 * A store's or service's outage as its client sees it, and a circuit breaker no request pays for. A call that could
 * not reach the service opens it ({@link #failed}), one that got no answer in time only when a trial at once gets none
 * either ({@link #slow}); while it is open every call is refused at
 * once ({@link #admit}), and every {@code retryEvery} a trial of its own — a cheap asynchronous question, never a
 * request's call — is sent in the background; its answer closes the breaker, so a service that is back is used again
 * within about {@code retryEvery} whether calls come or not. (MicroProfile Fault Tolerance's breaker instead lets a
 * request's call through after its delay, and a service that hangs then costs that request the whole timeout, once per
 * delay.) The first calls into a hang still wait for their timeout: they are what opens it.
 */
public final class Outage {

    private static final Logger LOG = Logger.getLogger(Outage.class.getName());

    private final String service;
    private final Duration retryEvery;
    private final Duration trialTimeout;
    private final Supplier<? extends CompletionStage<?>> trial;
    private final Function<String, RuntimeException> refusal;
    /** Whether a trial is scheduled or on its way: one at a time. */
    private final AtomicBoolean trialPending = new AtomicBoolean();
    /** Why the breaker is open; null while it is closed. */
    private volatile String reason;
    private volatile boolean closed;
    private final AtomicLong openings = new AtomicLong();

    /**
     * @param service      the name in messages ("Neo4j")
     * @param retryEvery   the time from the opening, or a failed trial, to the next trial
     * @param trialTimeout how long a trial may take before it counts as failed
     * @param trial        starts one trial: completes when the service answered, exceptionally when not
     * @param refusal      the failure a refused call throws, the one callers already handle for the service
     */
    public Outage(String service, Duration retryEvery, Duration trialTimeout, Supplier<? extends CompletionStage<?>> trial,
                  Function<String, RuntimeException> refusal) {
        this.service = service;
        this.retryEvery = retryEvery;
        this.trialTimeout = trialTimeout;
        this.trial = trial;
        this.refusal = refusal;
    }

    /**
     * The outage of an HTTP service (the tool server, the search engine): a trial every 2 s is a {@code GET} of
     * {@code root} that any answer passes, an error status included; a refused call fails with
     * {@link UncheckedIOException}, as a call that could not reach the service does.
     */
    public static Outage ofHttpService(String service, HttpClient http, Supplier<URI> root) {
        return new Outage(service, Duration.ofSeconds(2), Duration.ofSeconds(5),
                () -> http.sendAsync(HttpRequest.newBuilder(root.get()).timeout(Duration.ofSeconds(5)).GET().build(),
                        HttpResponse.BodyHandlers.discarding()),
                message -> new UncheckedIOException(new IOException(message)));
    }

    /** Returns while the breaker is closed; otherwise throws the service's refusal. */
    public void admit() {
        String why = reason;
        if (why == null) {
            return;
        }
        throw refusal.apply(service + " is not answering (" + why + "): not asked; it is tried again in the background");
    }

    /** A call could not reach the service or got no answer in time: opens the breaker. */
    public void failed(String why) {
        boolean opening = reason == null;
        reason = why;
        if (opening) {
            openings.incrementAndGet();
            LOG.warning(() -> service + " is not answering (" + why + "): calls are refused at once until a trial every "
                    + retryEvery.toMillis() + " ms is answered");
            tryLater();
        }
    }

    /**
     * An HTTP call failed with {@code e}: one that could not connect opens the breaker ({@link #failed}); one that
     * connected but got no answer in time may only have been a slow call of a working service ({@link #slow}).
     */
    public void failed(IOException e) {
        String why = describe(e);
        if (e instanceof HttpTimeoutException && !(e instanceof HttpConnectTimeoutException)) {
            slow(why);
        } else {
            failed(why);
        }
    }

    /**
     * A call got no answer in time, which one slow call of a working service also causes (a long computation, a search
     * engine's slow query, a graph statement over many rows): a trial is sent at once, and the breaker opens only when
     * that trial is not answered either. Calls go through meanwhile. (Opening on the call alone refused every user's
     * calls until the next trial.)
     */
    public void slow(String why) {
        if (reason != null || closed || !trialPending.compareAndSet(false, true)) {
            return; // open already, or a trial on its way decides
        }
        trial(() -> failed(why + "; a trial got no answer either"));
    }

    /** A failed call as the breaker and its caller's error say it: the failure's kind and message. */
    public static String describe(Exception e) {
        return e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
    }

    /** A call was answered: closes the breaker. */
    public void answered() {
        if (reason != null) {
            reason = null;
            LOG.info(() -> service + " answers again: calls go through");
        }
    }

    /** Whether calls are refused at present. */
    public boolean open() {
        return reason != null;
    }

    /** How often the breaker opened since the client started. */
    public long openings() {
        return openings.get();
    }

    /** The breaker as the monitoring page shows it, under the service's name. */
    public Monitoring.Breaker breaker() {
        return Monitoring.Breaker.ofStore(service, open(), openings());
    }

    /** Sends no more trials: the client stops. */
    public void close() {
        closed = true;
    }

    /** Sends a trial one interval from now, unless one is on its way; a failed trial sends the next. */
    private void tryLater() {
        if (closed || !trialPending.compareAndSet(false, true)) {
            return;
        }
        CompletableFuture.runAsync(this::tryNow, CompletableFuture.delayedExecutor(retryEvery.toMillis(), TimeUnit.MILLISECONDS));
    }

    private void tryNow() {
        if (reason == null || closed) { // a call was answered meanwhile, or the client stopped
            trialPending.set(false);
            return;
        }
        trial(() -> {
        });
    }

    /**
     * Sends a trial (the caller holds {@link #trialPending}): an answer closes the breaker; no answer sends the next
     * trial while it is open, else runs {@code whileClosed}.
     */
    private void trial(Runnable whileClosed) {
        CompletableFuture<?> running;
        try {
            running = trial.get().toCompletableFuture();
        } catch (RuntimeException e) {
            running = CompletableFuture.failedFuture(e);
        }
        running.orTimeout(trialTimeout.toMillis(), TimeUnit.MILLISECONDS).whenComplete((answer, failure) -> {
            trialPending.set(false);
            if (failure == null) {
                answered();
            } else if (reason != null) {
                tryLater();
            } else {
                whileClosed.run();
            }
        });
    }
}
