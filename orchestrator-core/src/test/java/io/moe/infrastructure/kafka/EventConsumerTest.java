package io.moe.infrastructure.kafka;

import io.moe.devservices.TestStores;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

class EventConsumerTest {

    private static final TestStores STORES = TestStores.shared();

    @Test
    void aConsumerClosedByAnInterruptedThreadLeavesItsGroupAtOnceAndKeepsTheInterrupt() throws Exception {
        String topic = "moe.test." + UUID.randomUUID();
        String group = "test-" + UUID.randomUUID();
        try (EventPublisher publisher = new EventPublisher(STORES.kafkaBootstrapServers(), 1)) {
            publisher.publish(topic, "k1", "{\"event\":\"test\"}").get(60, TimeUnit.SECONDS);
        }
        try (Admin admin = Admin.create(Map.<String, Object>of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                STORES.kafkaBootstrapServers()))) {
            EventConsumer consumer = new EventConsumer(STORES.kafkaBootstrapServers(), group, topic);
            Instant deadline = Instant.now().plusSeconds(60);
            while (consumer.poll(Duration.ofMillis(500)).isEmpty()) {
                if (Instant.now().isAfter(deadline)) {
                    fail("the published event was not consumed within 60 s");
                }
            }
            assertEquals(1, members(admin, group), "the consumer joined its group");

            Thread.currentThread().interrupt(); // what stopping the application does to the ingest thread
            try {
                consumer.close();
                assertTrue(Thread.currentThread().isInterrupted(), "the thread is still interrupted after the close");
            } finally {
                Thread.interrupted();
            }
            // the group's session timeout is 45 s: a member still listed now did not leave, it would be dropped later
            assertEquals(0, members(admin, group), "the closed consumer left its group");
        }
    }

    @Test
    void eventsNotHandledAreReadAgainAndOnlyTheHandledOnesAreCommitted() throws Exception {
        String topic = "moe.test." + UUID.randomUUID();
        String group = "test-" + UUID.randomUUID();
        try (EventPublisher publisher = new EventPublisher(STORES.kafkaBootstrapServers(), 1)) {
            publisher.ensureTopics(List.of(topic));
            for (String value : List.of("e1", "e2", "e3")) {
                publisher.publish(topic, "k", value).get(60, TimeUnit.SECONDS);
            }
        }
        try (EventConsumer consumer = new EventConsumer(STORES.kafkaBootstrapServers(), group, topic)) {
            List<EventConsumer.Event> batch = next(consumer, 3);
            assertEquals(List.of("e1", "e2", "e3"), values(batch));

            consumer.handledOnly(batch, 1); // e1 handled; e2 failed for a passing reason, e3 not tried

            assertEquals(List.of("e2", "e3"), values(next(consumer, 2)), "read again by the same consumer");
        }
        try (EventConsumer another = new EventConsumer(STORES.kafkaBootstrapServers(), group, topic)) {
            assertEquals(List.of("e2", "e3"), values(next(another, 2)), "only e1 was committed for the group");
        }
    }

    /** The next {@code n} events, over as many polls as it takes (at most 60 s). */
    private static List<EventConsumer.Event> next(EventConsumer consumer, int n) {
        List<EventConsumer.Event> events = new java.util.ArrayList<>();
        Instant deadline = Instant.now().plusSeconds(60);
        while (events.size() < n) {
            if (Instant.now().isAfter(deadline)) {
                fail("only " + events.size() + " of " + n + " events within 60 s");
            }
            events.addAll(consumer.poll(Duration.ofMillis(500)));
        }
        return events;
    }

    private static List<String> values(List<EventConsumer.Event> events) {
        return events.stream().map(EventConsumer.Event::value).toList();
    }

    private static int members(Admin admin, String group) throws Exception {
        ConsumerGroupDescription described = admin.describeConsumerGroups(List.of(group)).all().get(30, TimeUnit.SECONDS).get(group);
        return described.members().size();
    }
}
