package io.moe.application.events;

import io.moe.application.ManagedThreads;
import io.moe.application.events.EventBacklog.KeptEvent;
import jakarta.json.Json;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

import static io.moe.application.ManagedThreads.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Events are never lost and never block: a refused event is kept, and the backlog is sent from start-up on. */
class EventOutboxTest {

    private final ScheduledExecutorService threads = Executors.newScheduledThreadPool(2);
    private final MemoryBacklog backlog = new MemoryBacklog();

    @AfterEach
    void stop() {
        threads.shutdownNow();
    }

    private EventOutbox outbox(Broker broker) {
        EventOutbox outbox = new EventOutbox();
        outbox.broker = broker;
        outbox.backlog = backlog;
        outbox.scheduler = ManagedThreads.managed(threads);
        return outbox;
    }

    @Test
    void anEventTheBrokerRefusesIsKeptAndABacklogFromBeforeARestartIsSentAtStart() {
        Broker down = new Broker(false);
        EventOutbox before = outbox(down);
        before.publish("moe.requests", "r1", Json.createObjectBuilder().add("response_id", "r1").build());
        until(() -> backlog.events.size() == 1, "keeping the refused event");

        Broker up = new Broker(true);
        EventOutbox after = outbox(up); // the node restarted; nothing new fails
        after.start();
        until(() -> up.sent.size() == 1, "sending the kept event at start");
        assertEquals("r1", up.sent.get(0));
        until(backlog.events::isEmpty, "removing it once the broker took it");
        assertEquals(List.of(EventOutbox.TOPICS), up.topicCalls, "the topics are ensured once");
    }

    @Test
    void publishingReturnsAtOnceEvenWhileTheBrokerHangs() {
        Broker hung = new Broker(true);
        hung.hang = true;
        EventOutbox outbox = outbox(hung);
        // the broker hangs until released below: a publish that waited for it would never return
        assertTimeoutPreemptively(java.time.Duration.ofSeconds(10),
                () -> outbox.publish("moe.feedback", "r2", Json.createObjectBuilder().add("response_id", "r2").build()));
        hung.hang = false;
        until(() -> hung.sent.contains("r2"), "sending once the broker answers");
    }

    @Test
    void anEventTooLargeForTheBrokerIsDroppedAndHoldsUpNoneBehindIt() {
        Broker broker = new Broker(true);
        broker.tooLarge = "huge";
        EventOutbox outbox = outbox(broker);
        outbox.publish("moe.ingest", "huge", Json.createObjectBuilder().add("response_id", "huge").build());
        outbox.publish("moe.ingest", "small", Json.createObjectBuilder().add("response_id", "small").build());
        until(() -> broker.sent.contains("small"), "sending the event after the refused one");
        assertTrue(backlog.events.isEmpty(), "a refused event is not kept: it would fail again");

        // one kept before this fix (or from a broker whose record size was lowered) is dropped while the backlog drains
        backlog.keep(new KeptEvent("moe.ingest", "huge", Json.createObjectBuilder().build()), 10);
        backlog.keep(new KeptEvent("moe.ingest", "after", Json.createObjectBuilder().build()), 10);
        outbox.drain();
        assertTrue(broker.sent.contains("after"), "the event behind the refused one is sent in the same round");
        assertTrue(backlog.events.isEmpty());
    }

    @Test
    void aKeptEventLeavesTheBacklogOnlyOnceTheBrokerTookIt() {
        Broker down = new Broker(false);
        backlog.keep(new KeptEvent("moe.requests", "r3", Json.createObjectBuilder().add("response_id", "r3").build()), 10);
        outbox(down).drain();
        assertEquals(1, backlog.events.size(), "the broker refused it: it stays, as it would if this node died while waiting");
        Broker up = new Broker(true);
        outbox(up).drain();
        assertEquals(List.of("r3"), up.sent);
        assertTrue(backlog.events.isEmpty());
    }

    /** A broker that takes or refuses every event, or hangs on a send; and refuses the event keyed {@code tooLarge} as too large. */
    private static final class Broker implements EventBroker {
        final boolean up;
        volatile boolean hang;
        volatile String tooLarge;
        final List<String> sent = new CopyOnWriteArrayList<>();
        final List<List<String>> topicCalls = new CopyOnWriteArrayList<>();

        Broker(boolean up) {
            this.up = up;
        }

        @Override
        public CompletableFuture<?> publish(String topic, String key, String json) {
            while (hang) {
                Thread.onSpinWait(); // as KafkaProducer.send blocks for metadata
            }
            if (!up) {
                return CompletableFuture.failedFuture(new IllegalStateException("broker down"));
            }
            if (key.equals(tooLarge)) {
                return CompletableFuture.failedFuture(new EventRefusedException("too large", null));
            }
            sent.add(key);
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public void ensureTopics(List<String> topics) {
            topicCalls.add(new ArrayList<>(topics));
        }
    }

    private static final class MemoryBacklog implements EventBacklog {
        final Deque<KeptEvent> events = new ConcurrentLinkedDeque<>();

        @Override
        public boolean keep(KeptEvent event, int max) {
            if (events.size() >= max) {
                return false;
            }
            events.addLast(event);
            return true;
        }

        @Override
        public Optional<Oldest> oldest() {
            return Optional.ofNullable(events.peekFirst()).map(e -> new Oldest(e, e.key()));
        }

        @Override
        public void sent(Oldest event) {
            events.remove(event.event());
        }
    }
}
