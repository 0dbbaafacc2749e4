package io.moe.application.events;

import io.moe.infrastructure.kafka.EventPublisher;
import io.moe.application.events.EventBacklog.KeptEvent;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;

import java.util.Optional;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Publishes events without ever blocking an answer (rule 11). An event the broker does not take is kept
 * in the {@link EventBacklog} (Redis) and sent again every 15 seconds until the broker is back, so a
 * Kafka outage delays events but loses none (only an outage of Kafka and Redis together, followed by a
 * restart, can lose the events of that window).
 */
@ApplicationScoped
public class EventOutbox {

    static final int MAX_KEPT = 100_000;
    static final long RETRY_SECONDS = 15;
    private static final Logger LOG = Logger.getLogger(EventOutbox.class.getName());

    @Inject
    EventPublisher kafka;

    @Inject
    EventBacklog backlog;

    @Resource(lookup = "java:comp/DefaultManagedScheduledExecutorService")
    ManagedScheduledExecutorService scheduler;

    private volatile ScheduledFuture<?> retries;

    public void publish(String topic, String key, JsonObject event) {
        kafka.publish(topic, key, event.toString()).whenComplete((sent, failure) -> {
            if (failure != null) {
                keep(topic, key, event);
            }
        });
    }

    private void keep(String topic, String key, JsonObject event) {
        try {
            backlog.keep(new KeptEvent(topic, key, event), MAX_KEPT);
            scheduleRetries();
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Event for " + topic + " could be neither sent nor kept: " + e.getMessage());
        }
    }

    private synchronized void scheduleRetries() {
        if (retries == null || retries.isDone()) {
            retries = scheduler.scheduleWithFixedDelay(this::resend, RETRY_SECONDS, RETRY_SECONDS, TimeUnit.SECONDS);
        }
    }

    /** Sends the kept events, oldest first; stops at the first one the broker still refuses. */
    void resend() {
        try {
            Optional<KeptEvent> next;
            while ((next = backlog.takeOldest()).isPresent()) {
                KeptEvent kept = next.get();
                try {
                    kafka.publish(kept.topic(), kept.key(), kept.event().toString()).get(30, TimeUnit.SECONDS);
                } catch (Exception stillDown) {
                    backlog.putBack(kept);
                    return;
                }
            }
            ScheduledFuture<?> current = retries;
            if (current != null) {
                current.cancel(false);
            }
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "outbox retry failed", e);
        }
    }

    @PreDestroy
    void stop() {
        if (retries != null) {
            retries.cancel(false);
        }
    }
}
