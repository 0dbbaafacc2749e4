package io.moe.application.events;

import io.moe.application.events.EventBacklog.KeptEvent;
import io.moe.application.tracing.ThrottledWarning;
import io.moe.domain.shared.Failures;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Publishes events without ever blocking the caller (rule 11): {@link #publish} hands the send to a
 * thread of its own and returns. An event the broker does not take is kept in the {@link EventBacklog}
 * (Redis). From start-up on, every {@value #DRAIN_SECONDS} seconds (and at once at start, so a backlog
 * kept before a restart is sent too), the backlog is drained oldest first until the broker refuses again;
 * an event leaves the backlog only once the broker took it, so a node that dies while sending loses nothing (two nodes
 * draining at once may send an event twice). A full backlog keeps what it holds and drops newer events, with a warning. Events are
 * keyed by their response id, and carry it, so a re-send is harmless to consumers. At start the topics
 * are created with the spec's retention (7 days or 512 MB) on whatever broker is configured. A Kafka
 * outage delays events but loses none; only Kafka and Redis down together lose the events of that window. An event
 * the broker refuses for what it is ({@link EventRefusedException}: larger than a record may be) is dropped with a
 * warning, never kept, since it would fail again and hold up the backlog behind it.
 */
@ApplicationScoped
public class EventOutbox {

    static final int MAX_KEPT = 100_000;
    static final long DRAIN_SECONDS = 15;
    /** The topics the service publishes to. */
    public static final List<String> TOPICS = List.of("moe.requests", "moe.ingest", "moe.feedback");
    private static final Logger LOG = Logger.getLogger(EventOutbox.class.getName());
    /** Repeated by every event while the backlog is full: logged once per interval. */
    private static final ThrottledWarning FULL = new ThrottledWarning(LOG);

    @Inject
    EventBroker broker;

    @Inject
    EventBacklog backlog;

    @Resource(lookup = "java:comp/DefaultManagedScheduledExecutorService")
    ManagedScheduledExecutorService scheduler;

    private final AtomicBoolean started = new AtomicBoolean();
    private volatile boolean topicsReady;
    private volatile ScheduledFuture<?> draining;

    /** Starts draining the backlog (once): now, then every {@value #DRAIN_SECONDS} seconds. */
    public void start() {
        if (started.compareAndSet(false, true)) {
            draining = scheduler.scheduleWithFixedDelay(this::drain, 0, DRAIN_SECONDS, TimeUnit.SECONDS);
        }
    }

    /** Sends the event on another thread; returns at once. */
    public void publish(String topic, String key, JsonObject event) {
        try {
            scheduler.execute(() -> send(topic, key, event));
        } catch (RejectedExecutionException e) {
            keep(topic, key, event);
        }
    }

    private void send(String topic, String key, JsonObject event) {
        try {
            broker.publish(topic, key, event.toString()).whenComplete((sent, failure) -> {
                if (refused(failure)) {
                    LOG.warning(() -> "Event dropped: " + Failures.describe(failure));
                } else if (failure != null) {
                    keep(topic, key, event);
                }
            });
        } catch (RuntimeException e) {
            keep(topic, key, event);
        }
    }

    private void keep(String topic, String key, JsonObject event) {
        try {
            if (!backlog.keep(new KeptEvent(topic, key, event), MAX_KEPT)) {
                FULL.warn(() -> "The event backlog holds " + MAX_KEPT + " events the broker has not taken; newer events are "
                        + "dropped until it takes some (the latest: " + topic + " " + key + ")");
            }
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Event for " + topic + " could be neither sent nor kept: " + Failures.describe(e));
        }
    }

    /** Creates the topics once, then sends the kept events, oldest first, until the broker refuses one. */
    void drain() {
        try {
            if (!topicsReady) {
                broker.ensureTopics(TOPICS);
                topicsReady = true;
            }
            Optional<EventBacklog.Oldest> next;
            // bounded, so that a round ends even if an event could not be removed (the next round sends it again)
            for (int sent = 0; sent < MAX_KEPT && (next = backlog.oldest()).isPresent(); sent++) {
                KeptEvent kept = next.get().event();
                try {
                    broker.publish(kept.topic(), kept.key(), kept.event().toString()).get(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                } catch (Exception stillDown) {
                    if (!refused(stillDown)) {
                        return; // still kept: sent by the next round
                    }
                    LOG.warning(() -> "Kept event dropped: " + Failures.describe(stillDown)); // it would fail again, and hold up every event behind it
                }
                backlog.sent(next.get()); // only now: a node that dies while it waits for the broker loses nothing
            }
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "Event backlog not drained this round: " + e.getMessage(), e);
        }
    }

    private static boolean refused(Throwable failure) {
        return failure != null && Failures.chain(failure).anyMatch(EventRefusedException.class::isInstance);
    }

    @PreDestroy
    void stop() {
        ScheduledFuture<?> current = draining;
        if (current != null) {
            current.cancel(false);
        }
    }
}
