package io.moe.application.events;

import io.moe.devservices.TestStores;
import io.moe.infrastructure.kafka.EventPublisher;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.fail;

/** Stopping the application lets the ingest consumer leave its group at once, so another node takes its partitions. */
class KnowledgeIngestStopTest {

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
            Thread[] worker = new Thread[1];
            ingest.threads = new Threads(worker);
            ingest.start();
            Instant deadline = Instant.now().plusSeconds(60);
            while (members(admin) == 0) {
                if (Instant.now().isAfter(deadline)) {
                    fail("the ingest consumer did not join its group within 60 s");
                }
                Thread.sleep(200);
            }

            ingest.stop();

            assertFalse(worker[0].isAlive(), "the ingest thread has ended when the stop returns");
            // the group's session timeout is 45 s: a member still listed now did not leave, it would be dropped later
            assertEquals(0, members(admin), "the stopped consumer left its group");
        }
    }

    private static int members(Admin admin) throws Exception {
        return admin.describeConsumerGroups(List.of("moe-ingest")).all().get(30, TimeUnit.SECONDS)
                .get("moe-ingest").members().size();
    }

    /** The container's thread factory: plain threads, the last one kept for the test to watch. */
    private record Threads(Thread[] last) implements ManagedThreadFactory {
        @Override
        public Thread newThread(Runnable task) {
            last[0] = new Thread(task);
            return last[0];
        }

        @Override
        public ForkJoinWorkerThread newThread(ForkJoinPool pool) {
            throw new UnsupportedOperationException("no fork-join pool here");
        }
    }
}
