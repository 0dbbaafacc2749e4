package io.moe.application.events;

import io.moe.infrastructure.kafka.EventPublisher;
import io.moe.infrastructure.redis.RedisStore;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonObject;

import java.io.StringReader;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Publishes events without ever blocking an answer (rule 11). An event the broker does not take is kept
 * in the Redis list {@code moe:outbox} and sent again every 15 seconds until the broker is back, so a
 * Kafka outage delays events but loses none (only an outage of Kafka and Redis together, followed by a
 * restart, can lose the events of that window).
 */
@ApplicationScoped
public class EventOutbox {

    static final String OUTBOX = "moe:outbox";
    static final int MAX_KEPT = 100_000;
    static final long RETRY_SECONDS = 15;
    private static final Logger LOG = Logger.getLogger(EventOutbox.class.getName());

    @Inject
    EventPublisher kafka;

    @Inject
    RedisStore redis;

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
            redis.pushCapped(OUTBOX, Json.createObjectBuilder().add("topic", topic).add("key", key).add("event", event)
                    .build().toString(), MAX_KEPT);
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
            String next;
            while ((next = redis.popOldest(OUTBOX)) != null) {
                JsonObject kept = Json.createReader(new StringReader(next)).readObject();
                try {
                    kafka.publish(kept.getString("topic"), kept.getString("key"), kept.getJsonObject("event").toString())
                            .get(30, TimeUnit.SECONDS);
                } catch (Exception stillDown) {
                    redis.pushOldest(OUTBOX, next);
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
