package io.moe.application.events;

import io.moe.application.ManagedThreads;
import io.moe.devservices.TestStores;
import io.moe.infrastructure.kafka.EventPublisher;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.fail;

/** The ingest consumer on a real broker: it makes its topic before subscribing, and leaves its group when stopped. */
class KnowledgeIngestConsumerTest {

    private static final TestStores STORES = TestStores.shared();

    @Test
    void aStoppedIngestHasLeftItsGroupAndItsThreadHasEnded() throws Exception {
        try (EventPublisher publisher = new EventPublisher(STORES.kafkaBootstrapServers(), 3);
             Admin admin = Admin.create(Map.<String, Object>of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                     STORES.kafkaBootstrapServers()))) {
            publisher.ensureTopics(List.of(KnowledgeIngest.TOPIC));
            KnowledgeIngest ingest = new KnowledgeIngest();
            ingest.bootstrapServers = STORES.kafkaBootstrapServers();
            ingest.enabled = true;
            ingest.broker = publisher;
            List<Thread> started = new ArrayList<>();
            ingest.threads = ManagedThreads.threads(started);
            ingest.start();
            await(() -> members(admin) > 0, "the ingest consumer joining its group");

            ingest.stop();

            assertFalse(started.get(0).isAlive(), "the ingest thread has ended when the stop returns");
            // the group's session timeout is 45 s: a member still listed now did not leave, it would be dropped later
            assertEquals(0, members(admin), "the stopped consumer left its group");
        }
    }

    @Test
    void theIngestMakesItsTopicBeforeSubscribing() throws Exception {
        try (EventPublisher publisher = new EventPublisher(STORES.kafkaBootstrapServers(), 3);
             Admin admin = Admin.create(Map.<String, Object>of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                     STORES.kafkaBootstrapServers()))) {
            if (topics(admin).contains(KnowledgeIngest.TOPIC)) { // a first start: nobody has made it yet
                admin.deleteTopics(List.of(KnowledgeIngest.TOPIC)).all().get(30, TimeUnit.SECONDS);
                await(() -> !topics(admin).contains(KnowledgeIngest.TOPIC), "the topic deleted");
            }
            KnowledgeIngest ingest = new KnowledgeIngest();
            ingest.bootstrapServers = STORES.kafkaBootstrapServers();
            ingest.enabled = true;
            ingest.broker = publisher;
            ingest.threads = ManagedThreads.threads(new ArrayList<>());
            ingest.start();
            try {
                // the consumer may not make a topic itself (it would get the broker's defaults), so only the ingest can
                await(() -> topics(admin).contains(KnowledgeIngest.TOPIC), "the ingest topic made");
                assertEquals(3, admin.describeTopics(List.of(KnowledgeIngest.TOPIC)).allTopicNames().get(30, TimeUnit.SECONDS)
                        .get(KnowledgeIngest.TOPIC).partitions().size(), "made with the publisher's partitions");
            } finally {
                ingest.stop();
            }
        }
    }

    private static Set<String> topics(Admin admin) throws Exception {
        return admin.listTopics().names().get(30, TimeUnit.SECONDS);
    }

    private interface Check {
        boolean holds() throws Exception;
    }

    private static void await(Check check, String what) throws Exception {
        Instant deadline = Instant.now().plusSeconds(60);
        while (!check.holds()) {
            if (Instant.now().isAfter(deadline)) {
                fail(what + " did not happen within 60 s");
            }
            Thread.sleep(200);
        }
    }

    private static int members(Admin admin) throws Exception {
        return admin.describeConsumerGroups(List.of("moe-ingest")).all().get(30, TimeUnit.SECONDS)
                .get("moe-ingest").members().size();
    }
}
